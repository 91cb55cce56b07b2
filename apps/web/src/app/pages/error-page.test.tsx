import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CrashBoundary } from './error-page.tsx';

let shouldThrow = true;

function Fragile() {
  if (shouldThrow) {
    throw new Error('render crash');
  }
  return <p>恢复正常</p>;
}

describe('crash page', () => {
  it('offers 再试一次 and 返回首页 after a render crash', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>首页内容</p> },
        {
          path: '/fragile',
          element: (
            <CrashBoundary resetKey="/fragile">
              <Fragile />
            </CrashBoundary>
          ),
        },
      ],
      { initialEntries: ['/fragile'] },
    );
    render(<RouterProvider router={router} />, { onRecoverableError: () => undefined });
    expect(screen.getByText('页面出错了')).toBeTruthy();
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: '再试一次' }));
    expect(screen.getByText('恢复正常')).toBeTruthy();
  });

  it('返回首页 leaves the crashed page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    shouldThrow = true;
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>首页内容</p> },
        {
          path: '/fragile',
          element: (
            <CrashBoundary resetKey="/fragile">
              <Fragile />
            </CrashBoundary>
          ),
        },
      ],
      { initialEntries: ['/fragile'] },
    );
    render(<RouterProvider router={router} />, { onRecoverableError: () => undefined });
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByText('首页内容')).toBeTruthy();
  });
});
