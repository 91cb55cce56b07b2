import { fireEvent, screen } from '@testing-library/react';

/** Types into the field labelled `label`; required fields carry an asterisk after the label text. */
export function fillField(label: string, value: string): void {
  const escaped = label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  fireEvent.change(screen.getByLabelText(new RegExp(`^${escaped}\\*?$`)), { target: { value } });
}

/** Clicks the last button with this name (the page's own, after any header button). */
export function clickLastButton(name: string): void {
  const button = screen.getAllByRole('button', { name }).at(-1);
  if (!button) {
    throw new Error(`no button named ${name}`);
  }
  fireEvent.click(button);
}
