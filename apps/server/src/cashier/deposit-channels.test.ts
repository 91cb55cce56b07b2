import { type AdminDepositChannel, type DepositChannel, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondSite, createTestApp, type TestApp } from '../testing.ts';
import { cashierClient } from './test-support.ts';

let testApp: TestApp;
let cashier: ReturnType<typeof cashierClient>;

const siteB = 9002;

beforeAll(async () => {
  testApp = await createTestApp();
  cashier = cashierClient(testApp);
  // Site B gets channels of its own, copied from site 9001's seed (the ids differ).
  await createSecondSite(testApp, siteB);
  const seeded = await testApp.stores.db
    .selectFrom('cashier_deposit_channels')
    .selectAll()
    .where('site_id', '=', 9001)
    .execute();
  await testApp.stores.db
    .insertInto('cashier_deposit_channels')
    .values(seeded.map(({ id: _id, ...channel }) => ({ ...channel, site_id: siteB })))
    .execute();
});
afterAll(async () => {
  await testApp.close();
});

interface AuditEntry {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string;
}

const adminChannels = async (siteId = 9001) =>
  (await cashier.asOperatorOn<AdminDepositChannel[]>(siteId, 'GET', routes.adminDepositChannels.path)).data;

const memberChannels = async (token: string) =>
  (await cashier.asMember<DepositChannel[]>(token, routes.depositChannels.path)).data;

const channelByCode = async (code: string, siteId = 9001) => {
  const channel = (await adminChannels(siteId)).find((row) => row.code === code);
  if (!channel) {
    throw new Error(`no channel ${code} on site ${siteId}`);
  }
  return channel;
};

/** The update body that keeps `channel` as it is, with `change` applied. */
const updateBody = (channel: AdminDepositChannel, change: object = {}) => ({
  channelId: channel.channelId,
  name: channel.name,
  tag: channel.tag,
  minAmount: channel.minAmount,
  maxAmount: channel.maxAmount,
  sort: channel.sort,
  isEnabled: channel.isEnabled,
  ...change,
});

const update = (body: object) =>
  cashier.asOperator<AdminDepositChannel>(routes.adminDepositChannelUpdate.path, body);

const channelAudit = async () =>
  (
    await cashier.asOperator<{ list: AuditEntry[] }>(routes.adminAuditList.path, {
      action: 'cashier.deposit_channel_set',
      pageSize: 100,
    })
  ).data.list;

let orderCount = 0;
const createDeposit = (token: string, channelId: number, amount: string) => {
  orderCount += 1;
  return cashier.asMember<{ orderNo: string; status: string }>(token, routes.depositCreate.path, {
    channelId,
    amount,
    orderId: `chan-order-${orderCount}`,
  });
};

describe('deposit channel settings', () => {
  it('lists every channel of the site to staff, enabled or not, in display order', async () => {
    const channels = await adminChannels();
    expect(channels.map((channel) => channel.code)).toEqual([
      'bank_transfer',
      'sandbox_alipay',
      'sandbox_wechat',
      'sandbox_ebpay',
      'sandbox_koipay',
      'sandbox_usdt',
    ]);
    expect(channels[1]).toMatchObject({
      name: '支付宝',
      minAmount: '50.00',
      maxAmount: '20000.00',
      sort: 2,
      isEnabled: true,
      isOffered: true,
    });
  });

  it('applies a limit change to the next deposit, and audits it with before and after', async () => {
    const member = await cashier.member('chanlimit01');
    const alipay = await channelByCode('sandbox_alipay');
    const changed = await update(updateBody(alipay, { minAmount: '20', maxAmount: '100.5' }));
    expect(changed).toMatchObject({
      code: 6000,
      data: { channelId: alipay.channelId, minAmount: '20.00', maxAmount: '100.50', isOffered: true },
    });
    expect((await memberChannels(member.token)).find((row) => row.code === 'sandbox_alipay')).toMatchObject({
      minAmount: '20.00',
      maxAmount: '100.50',
    });
    const above = await createDeposit(member.token, alipay.channelId, '150.00');
    expect(above).toMatchObject({ code: 10003, data: { field: 'amount' } });
    expect(above.message).toContain('单笔充值限额20.00元至100.50元');
    // 30.00 was below the old minimum of 50.00.
    expect(await createDeposit(member.token, alipay.channelId, '30.00')).toMatchObject({
      code: 6000,
      data: { status: 'pending' },
    });

    const [entry] = await channelAudit();
    expect(entry).toMatchObject({
      target: 'channel:sandbox_alipay',
      before: { minAmount: '50.00', maxAmount: '20000.00', isEnabled: true },
      after: { minAmount: '20.00', maxAmount: '100.50', isEnabled: true },
      reason: 'minAmount 50.00 -> 20.00; maxAmount 20000.00 -> 100.50',
    });
    const actions = await cashier.asOperator<{ list: Array<{ action: string; amount: string }> }>(
      routes.adminCashierActions.path,
      {},
    );
    expect(actions).toMatchObject({ code: 6000 });
    expect(actions.data.list[0]).toMatchObject({ action: 'deposit_channel_set', amount: '0.00' });

    await update(updateBody(alipay));
  });

  it('neither offers nor accepts a disabled channel; its pending orders still settle', async () => {
    const member = await cashier.member('chanoff01');
    const wechat = await channelByCode('sandbox_wechat');
    const pending = await createDeposit(member.token, wechat.channelId, '100.00');
    expect(pending.code).toBe(6000);

    const off = await update(updateBody(wechat, { isEnabled: false }));
    expect(off.data).toMatchObject({ isEnabled: false, isOffered: false });
    expect((await memberChannels(member.token)).map((row) => row.code)).not.toContain('sandbox_wechat');
    expect((await channelByCode('sandbox_wechat')).isEnabled).toBe(false);
    const refused = await createDeposit(member.token, wechat.channelId, '100.00');
    expect(refused).toMatchObject({ code: 10003, data: { field: 'channelId' } });
    expect(refused.message).toContain('该支付通道已关闭，请选择其他通道');

    // Money the member already paid through it is credited all the same.
    const paid = await cashier.postCallback(
      cashier.gatewayCallback({ orderNo: pending.data.orderNo, amount: '100.00', status: 'paid' }),
    );
    expect(paid).toMatchObject({ code: 6000, data: { status: 'paid' } });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(10_000n);

    await update(updateBody(wechat, { isEnabled: true }));
    expect((await memberChannels(member.token)).map((row) => row.code)).toContain('sandbox_wechat');
    expect((await createDeposit(member.token, wechat.channelId, '100.00')).code).toBe(6000);
  });

  it('renames, retags and reorders what members see', async () => {
    const member = await cashier.member('channame01');
    const usdt = await channelByCode('sandbox_usdt');
    await update(updateBody(usdt, { name: ' USDT 快充 ', tag: '推荐', sort: 0 }));
    const [first] = await memberChannels(member.token);
    expect(first).toMatchObject({ code: 'sandbox_usdt', name: 'USDT 快充', tag: '推荐' });
    await update(updateBody(usdt));
    expect((await memberChannels(member.token))[0]?.code).toBe('bank_transfer');
  });

  it('refuses min above max and malformed settings with 10003, changing nothing', async () => {
    const ebpay = await channelByCode('sandbox_ebpay');
    const auditBefore = (await channelAudit()).length;
    const refusals: Array<[object, string]> = [
      [{ minAmount: '500.00', maxAmount: '100.00' }, 'maxAmount'],
      [{ minAmount: '0', maxAmount: '100.00' }, 'minAmount'],
      [{ minAmount: '0.00' }, 'minAmount'],
      [{ maxAmount: '10000000.01' }, 'maxAmount'],
      [{ maxAmount: '999999999999.99' }, 'maxAmount'],
      [{ minAmount: '1.234' }, 'minAmount'],
      [{ minAmount: -5 }, 'minAmount'],
      [{ name: '   ' }, 'name'],
      [{ name: '名'.repeat(21) }, 'name'],
      [{ tag: '标签标签标签标签标' }, 'tag'],
      [{ sort: -1 }, 'sort'],
      [{ sort: 10_000 }, 'sort'],
      [{ sort: 1.5 }, 'sort'],
      [{ isEnabled: 'yes' }, 'isEnabled'],
      [{ channelId: 2 ** 31 }, 'channelId'],
      [{ channelId: 0 }, 'channelId'],
      [{ channelId: 99_999 }, 'channelId'],
    ];
    for (const [change, field] of refusals) {
      const answer = await update(updateBody(ebpay, change));
      expect({ change, code: answer.code, data: answer.data }).toEqual({
        change,
        code: 10003,
        data: { field },
      });
    }
    expect((await update({})).code).toBe(10003);
    expect(await channelByCode('sandbox_ebpay')).toEqual(ebpay);
    expect((await channelAudit()).length).toBe(auditBefore);
  });

  it('keeps each site’s channels its own', async () => {
    const koipayA = await channelByCode('sandbox_koipay');
    const koipayB = await channelByCode('sandbox_koipay', siteB);
    expect(koipayB.channelId).not.toBe(koipayA.channelId);

    await update(updateBody(koipayA, { maxAmount: '300.00', isEnabled: false }));
    expect(await channelByCode('sandbox_koipay', siteB)).toEqual(koipayB);

    // Site A's channel id, named on site B, is no channel of site B's.
    const crossSite = await cashier.asOperatorOn(siteB, 'POST', routes.adminDepositChannelUpdate.path, {
      ...updateBody(koipayA),
      isEnabled: true,
    });
    expect(crossSite).toMatchObject({ code: 10003, data: { field: 'channelId' } });
    expect(await channelByCode('sandbox_koipay')).toMatchObject({ maxAmount: '300.00', isEnabled: false });

    const onB = await cashier.asOperatorOn<AdminDepositChannel>(
      siteB,
      'POST',
      routes.adminDepositChannelUpdate.path,
      updateBody(koipayB, { minAmount: '150.00' }),
    );
    expect(onB.data).toMatchObject({ minAmount: '150.00', isEnabled: true });
    expect(await channelByCode('sandbox_koipay')).toMatchObject({ minAmount: '100.00', maxAmount: '300.00' });
    await update(updateBody(koipayA));
  });

  it('lets 财务 see the channels but not change them, and 客服 neither', async () => {
    const finance = await cashier.staff('finance', 'chan_finance');
    const listed = await finance<AdminDepositChannel[]>('GET', routes.adminDepositChannels.path);
    expect(listed.data).toHaveLength(6);
    const bank = await channelByCode('bank_transfer');
    const refused = await finance(
      'POST',
      routes.adminDepositChannelUpdate.path,
      updateBody(bank, { maxAmount: '1.00' }),
    );
    expect(refused.code).toBe(10001);
    const support = await cashier.staff('support', 'chan_support');
    expect((await support('GET', routes.adminDepositChannels.path)).code).toBe(10001);
    expect(await channelByCode('bank_transfer')).toEqual(bank);
  });
});
