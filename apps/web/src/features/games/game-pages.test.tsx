import type { BetRecordPage } from '@site/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeFailure, fakeApi, venueViewOf } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { frameSource } from './venue-frame-page.tsx';

const sports = {
  category: 'TY' as const,
  counts: { live: 1, total: 3 },
  list: [
    venueViewOf(),
    venueViewOf({
      code: 'FBTY',
      name: 'FB体育',
      flavour: 'FB',
      state: 'maintenance',
      maintenanceMessage: '系统升级',
      maintenanceUntil: '2026-11-25T16:00:00.000Z',
    }),
    venueViewOf({ code: 'YBTY', name: '熊猫体育', flavour: 'OB', state: 'upcoming' }),
  ],
};

const launched = {
  url: 'https://venue.example/pc',
  h5Url: 'https://venue.example/h5',
  token: 'launch-token-1234567890',
  activityUrl: '',
  resource: {},
  apiUrl: 'https://venue.example/api/mobile',
};

beforeEach(() => {
  sessionStorage.setItem('securityNoticeShown', '1');
  localStorage.setItem('token', 'token-1');
});

describe('game pages', () => {
  it('lists a category with its counts, a maintenance window and 即将开放 without a launch button', async () => {
    fakeApi({ venueList: () => sports });
    renderApp('/game/sport');
    expect(await screen.findByText('1/3 个场馆开放')).toBeTruthy();
    const tiles = screen.getAllByTestId('venue-tile');
    const [open, maintenance, upcoming] = tiles.map((tile) => within(tile));
    expect(open?.getByRole('button', { name: '进入游戏 IM体育' })).toBeTruthy();
    expect(maintenance?.getByText('系统升级')).toBeTruthy();
    expect(maintenance?.getByText('维护时间：至 2026/11/26 00:00:00')).toBeTruthy();
    expect(maintenance?.queryByRole('button')).toBeNull();
    expect(upcoming?.getByText('即将开放')).toBeTruthy();
    expect(upcoming?.queryByRole('button')).toBeNull();
  });

  it('opens a launched seamless venue in its protected frame, the H5 address on a phone', async () => {
    const fetchMock = fakeApi({ venueList: () => sports, venueLaunch: () => launched });
    const { router } = renderApp('/game/sport');
    fireEvent.click(await screen.findByRole('button', { name: '进入游戏 IM体育' }));
    expect(await screen.findByTitle('IM体育 游戏窗口')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/game/sport/im');
    expect(new URLSearchParams(router.state.location.search).get('url')).toBe(launched.h5Url);
    const launches = fetchMock.mock.calls.filter(([url]) => url.includes('/venue/launch'));
    expect(launches).toHaveLength(1);
    expect(JSON.parse(String(launches[0]?.[1]?.body))).toMatchObject({
      enName: 'IMTY',
      isManualLaunch: true,
    });
  });

  it("opens an in-house sportsbook venue on the book's own pages, naming the venue", async () => {
    fakeApi({
      venueList: () => sports,
      venueLaunch: () => ({
        ...launched,
        url: '/game/sport/book?venue=IMTY&device=pc',
        h5Url: '/game/sport/book?venue=IMTY&device=h5',
        apiUrl: '/api/mobile',
      }),
    });
    const { router } = renderApp('/game/sport');
    fireEvent.click(await screen.findByRole('button', { name: '进入游戏 IM体育' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/sport/book'));
    expect(router.state.location.search).toBe('?venue=IMTY&device=h5');
  });

  it('keeps a launch failure per venue and shows it on the tile, and launches once per 1000 ms', async () => {
    const fetchMock = fakeApi({
      venueList: () => sports,
      venueLaunch: () => new FakeFailure(10001, '场馆额度不足'),
    });
    renderApp('/game/sport');
    const button = await screen.findByRole('button', { name: '进入游戏 IM体育' });
    fireEvent.click(button);
    expect(await screen.findByText('上次进入失败：场馆额度不足')).toBeTruthy();
    fireEvent.click(button);
    expect(fetchMock.mock.calls.filter(([url]) => url.includes('/venue/launch'))).toHaveLength(1);
    expect(localStorage.getItem('venueLaunchFailure:IMTY')).toBe('场馆额度不足');
  });

  it('lists bets with the totals of the query and filters by category', async () => {
    const page: BetRecordPage = {
      list: [
        {
          betId: 'bet-1',
          venueCode: 'IMTY',
          venueName: 'IM体育',
          category: 'TY',
          gameCode: 'football',
          roundId: 'round-1',
          stake: '100.00',
          validAmount: '100.00',
          payout: '195.00',
          winLoss: '95.00',
          odds: '1.9500',
          status: 'win',
          placedAt: '2026-11-25T02:00:00.000Z',
          settledAt: '2026-11-25T04:00:00.000Z',
        },
      ],
      total: 1,
      pageNum: 1,
      pageSize: 20,
      totals: { stake: '100.00', validAmount: '100.00', payout: '195.00', winLoss: '95.00' },
    };
    const fetchMock = fakeApi({ venueList: () => sports, betRecords: () => page });
    renderApp('/mine/record/betRecord');
    expect(await screen.findByText('共 1 笔')).toBeTruthy();
    const totals = screen.getByRole('region', { name: '合计' });
    expect(within(totals).getByText('+95.00')).toBeTruthy();
    expect(within(totals).getAllByText('100.00')).toHaveLength(2);
    expect(within(screen.getByTestId('bet-record')).getByText('赢')).toBeTruthy();
    fireEvent.click(screen.getByText('全部分类'));
    fireEvent.click(await screen.findByRole('button', { name: '体育' }));
    await screen.findByText('共 1 笔');
    const bodies = fetchMock.mock.calls
      .filter(([url]) => url.includes('/record/bet'))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
    expect(bodies.at(-1)).toMatchObject({ category: 'TY', pageNum: 1 });
  });

  it('sends a visitor who taps 进入游戏 to login first, asking no wallet', async () => {
    localStorage.removeItem('token');
    const fetchMock = fakeApi({ venueList: () => sports });
    const { router } = renderApp('/game/sport');
    fireEvent.click(await screen.findByRole('button', { name: '进入游戏 IM体育' }));
    await screen.findByRole('heading', { name: '登录' });
    expect(router.state.location.pathname).toBe('/user/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/game/sport');
    const asked = fetchMock.mock.calls.map(([url]) => url);
    expect(asked.some((url) => url.includes('/wallet/summary') || url.includes('/venue/launch'))).toBe(false);
  });

  it('frames only web addresses', () => {
    expect(frameSource('javascript:alert(1)', 'https://site.example')).toBeUndefined();
    expect(frameSource(null, 'https://site.example')).toBeUndefined();
    expect(frameSource('/venue/zr/?token=t', 'https://site.example')).toBe(
      'https://site.example/venue/zr/?token=t',
    );
  });
});
