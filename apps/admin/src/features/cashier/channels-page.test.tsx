import { type AdminDepositChannel, type OperatorPermission, routes } from '@site/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { endSession, startSession } from '../../lib/session.ts';
import { channelUpdateBody, describeChannelChanges } from './channel-settings.ts';
import { ChannelsPage } from './channels-page.tsx';

const alipay: AdminDepositChannel = {
  channelId: 2,
  code: 'sandbox_alipay',
  name: '支付宝',
  kind: 'gateway',
  group: 'alipay',
  tag: '热',
  minAmount: '50.00',
  maxAmount: '20000.00',
  sort: 2,
  isEnabled: true,
  isOffered: true,
};
const bank: AdminDepositChannel = {
  ...alipay,
  channelId: 1,
  code: 'bank_transfer',
  name: '银行卡转账',
  kind: 'bank',
  group: 'bank',
  tag: '',
  minAmount: '100.00',
  maxAmount: '500000.00',
  sort: 1,
  isEnabled: false,
  isOffered: false,
};

function envelope(code: number, message: string, data: unknown) {
  return new Response(JSON.stringify({ code, message, data }), {
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  endSession();
});

function signIn(permissions: OperatorPermission[]) {
  startSession({
    token: 'operator-token',
    expiresAt: '2026-11-23T12:00:00.000Z',
    operator: { id: 7, username: 'admin1', role: 'site_admin', siteIds: [9001], permissions },
  });
}

/** Answers the channel list, and an update with the channel as the body makes it. */
function serveChannels(channels: AdminDepositChannel[]) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    if (path.endsWith(routes.adminDepositChannels.path)) {
      return envelope(6000, '成功', channels);
    }
    const body = JSON.parse(String(init?.body)) as AdminDepositChannel;
    const channel = channels.find((row) => row.channelId === body.channelId);
    return envelope(6000, '成功', { ...channel, ...body });
  });
}

function updates(): unknown[] {
  return fetchMock.mock.calls
    .filter(([path]) => String(path).endsWith(routes.adminDepositChannelUpdate.path))
    .map(([, init]) => JSON.parse(String(init?.body)));
}

function renderPage() {
  render(
    <AppProviders client={createQueryClient()}>
      <MemoryRouter>
        <ChannelsPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

async function rowOf(name: string): Promise<HTMLElement> {
  const cell = await screen.findByText(name);
  const row = cell.closest('tr');
  if (!row) {
    throw new Error(`no row for ${name}`);
  }
  return row;
}

describe('channel settings helpers', () => {
  it('sends every setting with the change applied, text trimmed', () => {
    expect(channelUpdateBody(alipay, { name: ' 支付宝快充 ', minAmount: ' 20 ', isEnabled: false })).toEqual({
      channelId: 2,
      name: '支付宝快充',
      tag: '热',
      minAmount: '20',
      maxAmount: '20000.00',
      sort: 2,
      isEnabled: false,
    });
  });

  it('words each change for the confirmation, and nothing when nothing changes', () => {
    expect(describeChannelChanges(alipay, channelUpdateBody(alipay))).toEqual([]);
    expect(describeChannelChanges(alipay, channelUpdateBody(alipay, { maxAmount: '20000' }))).toEqual([]);
    expect(
      describeChannelChanges(
        alipay,
        channelUpdateBody(alipay, { tag: '', minAmount: '20', sort: 0, isEnabled: false }),
      ),
    ).toEqual([
      '角标：热 → 无',
      '单笔限额：50.00 ~ 20000.00 元 → 20.00 ~ 20000.00 元',
      '排序：2 → 0',
      '停用：会员立即看不到此通道，新订单将被拒绝',
    ]);
  });
});

describe('ChannelsPage', () => {
  it('lists every channel with its limits and state', async () => {
    signIn(['cashier.read', 'cashier.settings']);
    serveChannels([bank, alipay]);
    renderPage();
    const alipayRow = await rowOf('sandbox_alipay');
    expect(within(alipayRow).getByText('20000.00')).toBeTruthy();
    expect(within(alipayRow).getByText('启用中')).toBeTruthy();
    expect(within(await rowOf('bank_transfer')).getByText('已停用')).toBeTruthy();
  });

  it('switches a channel off after a confirmation naming the change', async () => {
    signIn(['cashier.read', 'cashier.settings']);
    serveChannels([bank, alipay]);
    renderPage();
    fireEvent.click(within(await rowOf('sandbox_alipay')).getByRole('button', { name: '停用' }));
    expect(await screen.findByText('停用：会员立即看不到此通道，新订单将被拒绝')).toBeTruthy();
    expect(updates()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(updates()).toEqual([channelUpdateBody(alipay, { isEnabled: false })]));
  });

  it('refuses a maximum below the minimum in the form, sending nothing', async () => {
    signIn(['cashier.read', 'cashier.settings']);
    serveChannels([alipay]);
    renderPage();
    fireEvent.click(within(await rowOf('sandbox_alipay')).getByRole('button', { name: '编辑' }));
    fireEvent.change(await screen.findByLabelText('单笔最低（元）'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('单笔最高（元）'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    // antd validates asynchronously: on a busy machine the message takes a moment.
    expect(
      await screen.findByText('单笔最高金额不能低于最低金额', undefined, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(updates()).toEqual([]);

    fireEvent.change(screen.getByLabelText('单笔最高（元）'), { target: { value: '800' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(
      await screen.findByText('单笔限额：50.00 ~ 20000.00 元 → 500.00 ~ 800.00 元', undefined, {
        timeout: 5_000,
      }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() =>
      expect(updates()).toEqual([channelUpdateBody(alipay, { minAmount: '500', maxAmount: '800' })]),
    );
  }, 60_000); // two dialogs and two validations: slow on a busy machine

  it('shows staff without 资金设置 rights the channels but no way to change them', async () => {
    signIn(['cashier.read']);
    serveChannels([bank, alipay]);
    renderPage();
    await rowOf('sandbox_alipay');
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '停用' })).toBeNull();
    expect(screen.queryByRole('button', { name: '启用' })).toBeNull();
  });
});
