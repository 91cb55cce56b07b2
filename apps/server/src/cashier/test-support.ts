import { headerNames, type OperatorRole, routes } from '@site/contract';
import { verifyRealName } from '../identity/test-support.ts';
import { signInStaff } from '../operator/test-support.ts';
import { type Answer, authClient, registered } from '../session/test-support.ts';
import type { TestApp } from '../testing.ts';

/** Helpers for the cashier API tests: members with money, an operator, signed gateway callbacks. */
export function cashierClient(testApp: TestApp) {
  const client = authClient(testApp);
  let operatorToken: string | undefined;

  const asMember = <T = unknown>(token: string, path: string, body?: object) =>
    client.call<T>('POST', path, { token, ...(body ? { body } : {}) });

  const operatorTokenOf = async (): Promise<string> => {
    if (!operatorToken) {
      const { password } = await testApp.services.operators.create('cashier_op');
      operatorToken = await signInStaff(
        (body) => client.call('POST', routes.adminLogin.path, { body }),
        { username: 'cashier_op', password },
        testApp.clock,
      );
    }
    return operatorToken;
  };

  const asOperator = async <T = unknown>(path: string, body?: object): Promise<Answer<T>> =>
    client.call<T>('POST', path, { token: await operatorTokenOf(), ...(body ? { body } : {}) });

  /** A GET route of the operator API (it takes no body). */
  const asOperatorGet = async <T = unknown>(path: string): Promise<Answer<T>> =>
    client.call<T>('GET', path, { token: await operatorTokenOf() });

  /** The 超级管理员 on another site than the default one (named in `site-id`). */
  const asOperatorOn = async <T = unknown>(
    siteId: number,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
  ) =>
    client.call<T>(method, path, {
      token: await operatorTokenOf(),
      headers: { [headerNames.siteId]: String(siteId) },
      ...(body ? { body } : {}),
    });

  /**
   * A staff account of `role` on site 9001, made through the staff API and signed in: its calls
   * (GET without a body, POST with one).
   */
  const staff = async (role: OperatorRole, username: string) => {
    const created = await asOperator<{ password: string }>(routes.adminStaffCreate.path, {
      username,
      role,
      siteIds: [9001],
    });
    const token = await signInStaff(
      (body) => client.call('POST', routes.adminLogin.path, { body }),
      { username, password: created.data.password },
      testApp.clock,
    );
    return <T = unknown>(method: 'GET' | 'POST', path: string, body?: object) =>
      client.call<T>(method, path, { token, ...(body ? { body } : {}) });
  };

  const member = async (username: string) => {
    const { token } = await registered(client, username);
    const info = await client.memberInfo(token);
    const memberId = BigInt((info.data as { memberId: number }).memberId);
    return { token, memberId, username };
  };

  /** A member whose real name is verified: withdrawal accounts bind in that name only. */
  const verifiedMember = async (username: string, realName = '张三') => {
    const created = await member(username);
    await verifyRealName(client, created.token, realName);
    return { ...created, realName };
  };

  const gatewayCallback = (fields: { orderNo: string; amount: string; status: 'paid' | 'cancelled' }) => {
    const signed = { ...fields, timestamp: testApp.clock.now() };
    return { ...signed, signature: testApp.services.cashier.signGatewayCallback(signed) };
  };

  /** The gateway posts without the client headers: its signature is its credential. */
  const postCallback = async <T = unknown>(payload: object): Promise<Answer<T>> => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: routes.depositCallbackSandbox.path,
      payload,
    });
    return response.json() as Answer<T>;
  };

  let orderCount = 0;
  /** A gateway deposit of `amount`, paid through a verified callback. */
  const deposit = async (token: string, amount: string) => {
    orderCount += 1;
    const order = await asMember<{ orderNo: string }>(token, routes.depositCreate.path, {
      channelId: 2,
      amount,
      orderId: `order-${orderCount}-${Date.now()}`,
    });
    await postCallback(gatewayCallback({ orderNo: order.data.orderNo, amount, status: 'paid' }));
    return order.data.orderNo;
  };

  const mainBalanceFen = async (memberId: bigint) =>
    (await testApp.services.ledger.balance({ kind: 'member_main', siteId: 9001, memberId })).availableFen;

  return {
    client,
    asMember,
    asOperator,
    asOperatorGet,
    asOperatorOn,
    staff,
    member,
    verifiedMember,
    gatewayCallback,
    postCallback,
    deposit,
    mainBalanceFen,
  };
}
