/**
 * A short message in the middle of the screen. antd's Toast (and the animation library under it)
 * loads with the first message, not with the page.
 */
export function showToast(text: string): void {
  void import('./toast-view.ts').then(({ showToastNow }) => showToastNow(text));
}
