import { routes, siteIdDefault } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNode, type Node } from '../node.ts';
import { signInStaff } from '../operator/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { signCallback } from './deposits.ts';
import { cashierClient } from './test-support.ts';

/** One database served by a sandbox node (the demo) and by a production node (sandbox off). */
let sandbox: TestApp;
let productionNode: Node;
let production: TestApp;

beforeAll(async () => {
  sandbox = await createTestApp();
  productionNode = await createNode({
    stores: sandbox.stores,
    clock: sandbox.clock,
    defaultSiteId: siteIdDefault,
    rateLimitPerMinute: 100_000,
    logLevel: 'silent',
    trustProxyHops: 0,
    isTestMode: true,
    isSandboxMode: false,
  });
  production = { ...productionNode, clock: sandbox.clock };
});
afterAll(async () => {
  // The stores are the sandbox node's: close them once, with it.
  await productionNode.app.close();
  await productionNode.services.close();
  await sandbox.close();
});

const notFound = { code: 404, data: null };

async function pendingGatewayOrder(username: string) {
  const cashier = cashierClient(sandbox);
  const member = await cashier.member(username);
  const order = await cashier.asMember<{ orderNo: string; status: string }>(
    member.token,
    routes.depositCreate.path,
    { channelId: 2, amount: '500.00', orderId: `${username}-order` },
  );
  expect(order.data.status).toBe('pending');
  return { member, orderNo: order.data.orderNo, cashier };
}

describe('sandbox mode off (production)', () => {
  it('answers 404 on the pay page, its confirm and the gateway callback, and pays nothing', async () => {
    const { member, orderNo, cashier } = await pendingGatewayOrder('sbxoff01');
    const page = await production.app.inject({ method: 'GET', url: `/sandbox/pay/${orderNo}` });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject(notFound);
    for (const url of [`/sandbox/pay/${orderNo}/confirm`, '/sandbox/pay.js']) {
      const answer = await production.app.inject({ method: url.endsWith('.js') ? 'GET' : 'POST', url });
      expect(answer.statusCode, url).toBe(404);
    }
    // Signed as the sandbox gateway would sign it: the route itself is not there.
    const signed = cashier.gatewayCallback({ orderNo, amount: '500.00', status: 'paid' });
    const callback = await production.app.inject({
      method: 'POST',
      url: routes.depositCallbackSandbox.path,
      payload: signed,
    });
    expect(callback.statusCode).toBe(404);
    expect(callback.json()).toMatchObject(notFound);

    expect(await cashier.mainBalanceFen(member.memberId)).toBe(0n);
    const list = await cashier.asMember<{ list: Array<{ status: string }> }>(
      member.token,
      routes.depositList.path,
      {},
    );
    expect(list.data.list.map((order) => order.status)).toEqual(['pending']);
  });

  it('answers 404 on the outbox, with or without an operator token', async () => {
    const client = cashierClient(production).client;
    const { password } = await production.services.operators.create('sbxoff_op');
    const token = await signInStaff(
      (body) => client.call('POST', routes.adminLogin.path, { body }),
      { username: 'sbxoff_op', password },
      production.clock,
    );
    const path = `${routes.adminOutbox.path}?pageNum=1&pageSize=10`;
    expect(await client.call('GET', path, { token })).toMatchObject(notFound);
    expect(await client.call('GET', path)).toMatchObject(notFound);
    const onSandbox = await cashierClient(sandbox).client.call('GET', path, { token });
    expect(onSandbox.code).toBe(6000);
  });

  it('leaves the sandbox routes out of its API document', async () => {
    const sandboxPaths: string[] = [routes.depositCallbackSandbox.path, routes.adminOutbox.path];
    const pathsOf = async (node: TestApp) =>
      Object.keys((await node.app.inject({ method: 'GET', url: '/docs/json' })).json().paths);
    expect(await pathsOf(sandbox)).toEqual(expect.arrayContaining(sandboxPaths));
    const documented = await pathsOf(production);
    expect(documented.filter((path) => sandboxPaths.includes(path))).toEqual([]);
    expect(documented).toContain(routes.depositCreate.path);
  });

  it('offers bank transfer only, and refuses a gateway channel with 10003 naming channelId', async () => {
    const cashier = cashierClient(production);
    const { token } = await cashier.member('sbxoff02');
    const channels = await cashier.asMember<Array<{ code: string }>>(token, routes.depositChannels.path);
    expect(channels.data.map((channel) => channel.code)).toEqual(['bank_transfer']);
    const refused = await cashier.asMember(token, routes.depositCreate.path, {
      channelId: 2,
      amount: '100.00',
      orderId: 'sbxoff02-order',
    });
    expect(refused.code).toBe(10003);
    expect(refused.message).toContain('channelId');
  });
});

describe('sandbox mode on (demo)', () => {
  it('refuses a callback signed with the former built-in default secret (10108)', async () => {
    const { member, orderNo, cashier } = await pendingGatewayOrder('sbxon01');
    const fields = { orderNo, amount: '500.00', status: 'paid' as const, timestamp: sandbox.clock.now() };
    const forged = { ...fields, signature: signCallback('sandbox-gateway-dev-secret-change-me', fields) };
    expect(await cashier.postCallback(forged)).toMatchObject({ code: 10108 });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(0n);
  });

  it('serves a pay page whose script and style are files, as the content security policy requires', async () => {
    const { orderNo } = await pendingGatewayOrder('sbxon02');
    const page = await sandbox.app.inject({ method: 'GET', url: `/sandbox/pay/${orderNo}` });
    expect(page.body).toContain('确认支付');
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(page.body).not.toMatch(/<style|\son[a-z]+=/);
    for (const [url, type] of [
      ['/sandbox/pay.js', 'text/javascript'],
      ['/sandbox/pay.css', 'text/css'],
    ] as const) {
      const file = await sandbox.app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-type'], url).toContain(type);
      expect(page.body).toContain(url);
    }
  });
});
