import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { session, storageKeys } from '../lib/storage.ts';
import { lazyPage } from './lazy-page.tsx';
import { CrashBoundary } from './pages/error-page.tsx';

function Greeting({ name }: { name: string }) {
  return <p>你好，{name}</p>;
}

const chunkGone = (): Promise<typeof Greeting> =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

/** Renders `Page` as the router would, inside the shell's crash boundary. */
function renderInShell(Page: ReturnType<typeof lazyPage<{ name: string }>>) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <CrashBoundary resetKey="/">
          <Page name="会员" />
        </CrashBoundary>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />, { onRecoverableError: () => undefined });
}

describe('lazy pages', () => {
  it('shows 加载中... until the chunk arrives, then the page with its props', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const Page = lazyPage(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    renderInShell(Page);
    expect(screen.getByRole('status').textContent).toContain('加载中...');
    arrive(Greeting);
    expect(await screen.findByText('你好，会员')).toBeTruthy();
  });

  it('reloads once when the chunk is gone after a deploy, keeping the loading state meanwhile', async () => {
    const reload = vi.fn();
    const Page = lazyPage(chunkGone, reload);
    renderInShell(Page);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(session.get(storageKeys.chunkReload)).toBe('1');
    expect(screen.getByRole('status').textContent).toContain('加载中...');
  });

  it('shows the crash page instead of reloading when session storage cannot hold the mark', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    });
    const reload = vi.fn();
    renderInShell(lazyPage(chunkGone, reload));
    expect(await screen.findByText('页面出错了')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the crash page when the chunk fails again after the reload, and 再试一次 loads it anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    session.set(storageKeys.chunkReload, '1');
    const reload = vi.fn();
    const load = vi.fn(chunkGone);
    renderInShell(lazyPage(load, reload));
    expect(await screen.findByText('页面出错了')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    load.mockResolvedValueOnce(Greeting);
    fireEvent.click(screen.getByRole('button', { name: '再试一次' }));
    expect(await screen.findByText('你好，会员')).toBeTruthy();
    expect(session.get(storageKeys.chunkReload)).toBeNull();
  });
});
