import type { GiftRecord } from '@site/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const path = '/mine/record/giftRecord';

function gift(patch: Partial<GiftRecord> & Pick<GiftRecord, 'giftOrderId' | 'direction'>): GiftRecord {
  return {
    giftCode: 'cake',
    giftName: '蛋糕',
    price: '18.00',
    counterpartNickname: 'li***',
    roomName: '聊天大厅',
    isCredited: true,
    createdAt: '2026-11-22T04:00:00.000Z',
    ...patch,
  };
}

const sent = [
  gift({ giftOrderId: 'g-3', direction: 'sent', createdAt: '2026-11-22T04:00:00.000Z' }),
  gift({
    giftOrderId: 'g-2',
    direction: 'sent',
    giftCode: 'rocket',
    giftName: '火箭',
    price: '1888.00',
    counterpartNickname: 'wa***',
    roomName: 'VIP专属',
    isCredited: true,
    // 23:30 UTC is the next morning in Beijing.
    createdAt: '2026-11-20T23:30:00.000Z',
  }),
];

const received = [
  gift({
    giftOrderId: 'g-9',
    direction: 'received',
    giftName: '鲜花',
    price: '8.00',
    counterpartNickname: 'zh***',
    createdAt: '2026-11-21T02:05:09.000Z',
  }),
];

type Direction = GiftRecord['direction'];

function giftApi(lists: Record<Direction, GiftRecord[]>) {
  return fakeApi({
    giftRecords: (body) => {
      const { direction, pageNum, pageSize } = body as {
        direction: Direction;
        pageNum: number;
        pageSize: number;
      };
      return { list: lists[direction], total: lists[direction].length, pageNum, pageSize };
    },
  });
}

function giftBodies(fetchMock: ReturnType<typeof fakeApi>): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url]) => url.includes('/gift/records'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('GiftRecordPage', () => {
  it('sends a visitor to login, and back afterwards, before asking for gifts', async () => {
    const fetchMock = giftApi({ sent, received });
    const { router } = renderApp(path);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.search).toContain(encodeURIComponent(path));
    expect(giftBodies(fetchMock)).toEqual([]);
  });

  it('lists sent gifts as outflows by Beijing day, with the receiver, the room and the time', async () => {
    localStorage.setItem('token', 'token-1');
    const fetchMock = giftApi({ sent, received });
    renderApp(path);
    expect((await screen.findAllByTestId('gift-record')).length).toBe(2);
    expect(screen.getByRole('tab', { name: '送出', selected: true })).toBeTruthy();

    const [body] = giftBodies(fetchMock);
    expect(body).toMatchObject({ pageNum: 1, pageSize: 20, direction: 'sent' });
    // 近7天 by default: Beijing midnights, as an ISO UTC pair.
    expect(String(body?.startTime)).toMatch(/T16:00:00\.000Z$/);
    expect(String(body?.endTime)).toMatch(/T16:00:00\.000Z$/);

    const day = screen.getByLabelText('送出的礼物 2026/11/22');
    const cake = within(day).getByTestId('gift-record');
    expect(within(cake).getByText('蛋糕')).toBeTruthy();
    expect(within(cake).getByText('送给 li***')).toBeTruthy();
    expect(within(cake).getByText('聊天大厅')).toBeTruthy();
    expect(within(cake).getByText('12:00:00')).toBeTruthy();
    expect(within(cake).getByText('-18.00').className).toBe('record-amount-negative');

    const nextDay = screen.getByLabelText('送出的礼物 2026/11/21');
    expect(within(nextDay).getByText('火箭')).toBeTruthy();
    expect(within(nextDay).getByText('-1,888.00')).toBeTruthy();
    expect(within(nextDay).getByText('07:30:00')).toBeTruthy();
    expect(within(nextDay).getByText('VIP专属')).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });

  it('shows received gifts as inflows under 收到, kept in the address', async () => {
    localStorage.setItem('token', 'token-1');
    const fetchMock = giftApi({ sent, received });
    const { router } = renderApp(path);
    await screen.findByText('火箭');
    fireEvent.click(screen.getByRole('tab', { name: '收到' }));
    const row = await screen.findByTestId('gift-record');
    expect(within(row).getByText('鲜花')).toBeTruthy();
    expect(within(row).getByText('来自 zh***')).toBeTruthy();
    expect(within(row).getByText('+8.00').className).toBe('record-amount-positive');
    expect(within(row).getByText('10:05:09')).toBeTruthy();
    expect(screen.queryByText('火箭')).toBeNull();
    expect(router.state.location.search).toBe('?tab=received');
    expect(giftBodies(fetchMock).at(-1)).toMatchObject({ direction: 'received' });
  });

  it('asks again for the days chosen', async () => {
    localStorage.setItem('token', 'token-1');
    const fetchMock = giftApi({ sent, received });
    renderApp(path);
    await screen.findByText('火箭');
    const before = giftBodies(fetchMock).length;
    fireEvent.click(screen.getByText('今天'));
    await vi.waitFor(() => expect(giftBodies(fetchMock).length).toBe(before + 1));
    const today = giftBodies(fetchMock).at(-1);
    expect(Date.parse(String(today?.endTime)) - Date.parse(String(today?.startTime))).toBe(86_400_000);
  });

  it('says when there are no gifts, with the way to the chat rooms', async () => {
    localStorage.setItem('token', 'token-1');
    giftApi({ sent: [], received: [] });
    const { router } = renderApp(`${path}?tab=received`);
    expect(await screen.findByText('还没有收到过礼物')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '收到', selected: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去聊天室' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });
});
