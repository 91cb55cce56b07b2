import { cashierLimits, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { cashierClient } from './test-support.ts';

let sandbox: TestApp;

beforeAll(async () => {
  sandbox = await createTestApp();
});
afterAll(async () => {
  await sandbox.close();
});

async function gatewayOrder(username: string) {
  const cashier = cashierClient(sandbox);
  const member = await cashier.member(username);
  const order = await cashier.asMember<{ orderNo: string; expiresAt: string }>(
    member.token,
    routes.depositCreate.path,
    { channelId: 2, amount: '500.00', orderId: `${username}-order` },
  );
  return order.data;
}

const pageOf = async (orderNo: string) =>
  (await sandbox.app.inject({ method: 'GET', url: `/sandbox/pay/${orderNo}` })).body;

describe('sandbox pay page', () => {
  it('reads as a payment page: 沙盒 marker, merchant, order number, amount, validity and the pay button', async () => {
    const order = await gatewayOrder('sbxpage01');
    const body = await pageOf(order.orderNo);
    expect(body).toContain('沙盒 · 模拟支付');
    expect(body).toContain('支付宝 · 商户号 9001');
    expect(body).toContain(order.orderNo);
    expect(body).toContain('<small>¥</small>500.00');
    expect(body).toContain(`data-expires-at="${order.expiresAt}"`);
    expect(body).toContain('剩余支付时间');
    expect(body).toContain('确认支付');
    expect(body).toMatch(/<a id="back"[^>]*hidden>返回商户<\/a>/);
    expect(body).not.toMatch(/<script(?![^>]*\ssrc=)|<style|\son[a-z]+=/);
  });

  it('returns to the deposit page by itself after paying, from its script file', async () => {
    const order = await gatewayOrder('sbxpage02');
    expect(await pageOf(order.orderNo)).toContain('data-return-to="/mine/finance/deposit"');
    const script = (await sandbox.app.inject({ method: 'GET', url: '/sandbox/pay.js' })).body;
    expect(script).toContain('window.location.assign(pay.dataset.returnTo)');
    expect(script).toContain('秒后自动返回商户');
  });

  it('offers no payment once the order has expired or is paid', async () => {
    const expiring = await gatewayOrder('sbxpage03');
    sandbox.clock.advance(cashierLimits.depositOrderTtlMs + 1_000);
    const expired = await pageOf(expiring.orderNo);
    expect(expired).toContain('订单已过期');
    expect(expired).not.toContain('确认支付');
    expect(expired).toMatch(/<a id="back"[^>]*>返回商户<\/a>/);
    const paying = await gatewayOrder('sbxpage04');
    const paid = await sandbox.app.inject({ method: 'POST', url: `/sandbox/pay/${paying.orderNo}/confirm` });
    expect(paid.json()).toMatchObject({ code: 6000, data: { status: 'paid' } });
    const after = await pageOf(paying.orderNo);
    expect(after).toContain('支付成功');
    expect(after).not.toContain('确认支付');
  });

  it('answers an unknown order with 404 and a way back', async () => {
    const answer = await sandbox.app.inject({ method: 'GET', url: '/sandbox/pay/D000000000000000000000000' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('返回商户');
  });
});
