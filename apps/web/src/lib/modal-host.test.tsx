import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ModalHost } from './modal-host.tsx';
import { modal } from './modal-store.ts';

function button(name: RegExp | string) {
  return screen.getByRole('button', { name });
}

describe('modal service', () => {
  it('alert uses the defaults 温馨提示 / 确定 / width 360', async () => {
    vi.useFakeTimers();
    render(<ModalHost />);
    let isClosed = false;
    act(() => {
      void modal.alert({ content: '内容' }).then(() => {
        isClosed = true;
      });
    });
    expect(screen.getByText('温馨提示')).toBeTruthy();
    expect(screen.getByText('内容')).toBeTruthy();
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
    act(() => {
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
    act(() => {
      void modal.confirm({ content: '确认退出？' }).then((isConfirmed) => {
        answer = isConfirmed;
      });
    });
    await act(async () => {
      fireEvent.click(button('取消'));
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(answer).toBe(false);
    act(() => {
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
    act(() => {
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
