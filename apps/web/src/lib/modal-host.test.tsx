import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ModalHost } from './modal-host.tsx';
import { modal } from './modal-store.ts';

function button(name: RegExp | string) {
  return screen.getByRole('button', { name });
}

describe('modal service', () => {
  // The dialog loads with the first modal; with its module cached, it renders within the act below.
  // The page settles once, a moment after the first host has mounted: every test below starts later.
  beforeAll(async () => {
    await import('./modal-dialog.tsx');
    const { unmount } = render(<ModalHost />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    unmount();
  });

  it('alert uses the defaults 温馨提示 / 确定 / width 360', async () => {
    vi.useFakeTimers();
    render(<ModalHost />);
    let isClosed = false;
    await act(async () => {
      void modal.alert({ content: '内容' }).then(() => {
        isClosed = true;
      });
    });
    expect(screen.getByText('温馨提示')).toBeTruthy();
    expect(screen.getByText('内容')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: '温馨提示' })).toBeTruthy();
    const body = document.querySelector<HTMLElement>('.adm-dialog');
    expect(body?.style.getPropertyValue('--max-width')).toBe('min(360px, 90vw)');
    await act(async () => {
      fireEvent.click(button('确定'));
    });
    expect(isClosed).toBe(true);
    // Stays mounted for the 300 ms leave animation.
    expect(screen.queryByText('内容')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.queryByText('内容')).toBeNull();
  });

  it('counts down before enabling the button: 我已了解(3s)', async () => {
    vi.useFakeTimers();
    render(<ModalHost />);
    await act(async () => {
      void modal.alert({
        title: '安全提示',
        content: '勿向陌生账户转账',
        confirmText: '我已了解',
        countdownSeconds: 3,
      });
    });
    expect(button('我已了解(3s)').hasAttribute('disabled')).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(button('我已了解(2s)').hasAttribute('disabled')).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(button('我已了解').hasAttribute('disabled')).toBe(false);
    await act(async () => {
      fireEvent.click(button('我已了解'));
      await vi.advanceTimersByTimeAsync(300);
    });
  });

  it('confirm answers true or false; info has no title', async () => {
    vi.useFakeTimers();
    render(<ModalHost />);
    let answer: boolean | undefined;
    await act(async () => {
      void modal.confirm({ content: '确认退出？' }).then((isConfirmed) => {
        answer = isConfirmed;
      });
    });
    await act(async () => {
      fireEvent.click(button('取消'));
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(answer).toBe(false);
    await act(async () => {
      void modal.info({ content: '仅提示' });
    });
    expect(screen.queryByText('温馨提示')).toBeNull();
    await act(async () => {
      fireEvent.click(button('确定'));
      await vi.advanceTimersByTimeAsync(300);
    });
  });

  it('shows queued dialogs one at a time', async () => {
    vi.useFakeTimers();
    render(<ModalHost />);
    await act(async () => {
      void modal.alert({ content: '第一' });
      void modal.alert({ content: '第二' });
    });
    expect(screen.queryByText('第二')).toBeNull();
    await act(async () => {
      fireEvent.click(button('确定'));
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.getByText('第二')).toBeTruthy();
    await act(async () => {
      fireEvent.click(button('确定'));
      await vi.advanceTimersByTimeAsync(300);
    });
  });
});

describe('modal host on arrival', () => {
  it('keeps a dialog back until the page has loaded and the browser is idle', async () => {
    vi.resetModules();
    const { ModalHost: FreshHost } = await import('./modal-host.tsx');
    const { modal: freshModal } = await import('./modal-store.ts');
    await import('./modal-dialog.tsx');
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    let onIdle: () => void = () => undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      onIdle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    render(<FreshHost />);
    await act(async () => {
      void freshModal.alert({ title: '安全提示', content: '勿向陌生账户转账' });
    });
    expect(screen.queryByText('勿向陌生账户转账')).toBeNull();
    await act(async () => {
      window.dispatchEvent(new Event('load'));
    });
    expect(screen.queryByText('勿向陌生账户转账')).toBeNull();
    await act(async () => {
      onIdle();
    });
    expect(screen.getByText('勿向陌生账户转账')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('waits for an idle moment after it has mounted, even when the page had loaded before', async () => {
    vi.resetModules();
    const { ModalHost: FreshHost } = await import('./modal-host.tsx');
    const { modal: freshModal } = await import('./modal-store.ts');
    await import('./modal-dialog.tsx');
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    let onIdle: () => void = () => undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      onIdle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    render(<FreshHost />);
    await act(async () => {
      void freshModal.alert({ title: '安全提示', content: '勿向陌生账户转账' });
    });
    expect(screen.queryByText('勿向陌生账户转账')).toBeNull();
    await act(async () => {
      onIdle();
    });
    expect(screen.getByText('勿向陌生账户转账')).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
