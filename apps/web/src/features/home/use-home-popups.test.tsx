import { routes } from '@site/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const welcome = {
  id: 7,
  category: 2,
  title: '欢迎来到星河娱乐',
  content: '欢迎内容',
  publishedAt: '2026-01-01T00:00:00.000Z',
};
const activity = { id: 1, title: '每日签到领好礼', imageUrl: '/media/a.svg', linkUrl: '' };

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('home popups', () => {
  it.each([
    ['the notice list answers first', routes.popInfo.path],
    ['the activities answer first', routes.noticeList.path],
  ])(
    'shows one notice at a time: security notice, then the welcome notice, then the activity, when %s',
    async (_, latePath) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const answer = fakeApi({ noticeList: () => [welcome], popInfo: () => [activity] });
      vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
        if (new URL(url, 'http://site').pathname === latePath) {
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        return answer(url, init);
      });
      renderApp('/');
      await screen.findByText('安全提示');
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
      expect(screen.queryByText('欢迎内容')).toBeNull();
      await advance(3_000);
      fireEvent.click(screen.getByRole('button', { name: '我已了解' }));
      await advance(300);
      expect(await screen.findByText('欢迎内容')).toBeTruthy();
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
      expect(screen.queryByText('每日签到领好礼')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: '确定' }));
      await advance(300);
      expect(await screen.findByAltText('每日签到领好礼')).toBeTruthy();
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
    },
  );

  it('今日不再提示 keeps the security notice away for the rest of the day, even in a new session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 10, 23, 9, 0));
    fakeApi();
    const first = renderApp('/');
    await screen.findByText('安全提示');
    fireEvent.click(screen.getByRole('checkbox', { name: '今日不再提示' }));
    await advance(3_000);
    fireEvent.click(screen.getByRole('button', { name: '我已了解' }));
    await advance(300);
    first.unmount();
    sessionStorage.clear();
    const second = renderApp('/');
    expect(await screen.findAllByText('暂无游戏')).not.toHaveLength(0);
    await advance(1_000);
    expect(screen.queryByText('安全提示')).toBeNull();
    second.unmount();
    sessionStorage.clear();
    vi.setSystemTime(new Date(2026, 10, 24, 0, 1));
    renderApp('/');
    expect(await screen.findByText('安全提示')).toBeTruthy();
  });
});
