import { routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';

let testApp: TestApp;
let cashier: ReturnType<typeof cashierClient>;

beforeAll(async () => {
  testApp = await createTestApp();
  cashier = cashierClient(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const openLobby = (url: string) => {
  const { pathname, search } = new URL(url, 'http://site.invalid');
  return testApp.app.inject({ method: 'GET', url: `${pathname}${search}` });
};

describe('venue lobby', () => {
  it('shows the launched member the balance held in the venue, never cached', async () => {
    const venues = await cashier.asOperatorGet<Array<Record<string, unknown>>>(routes.adminVenueList.path);
    const zr = venues.data.find((venue) => venue.code === 'ZR');
    expect(
      (
        await cashier.asOperator(routes.adminVenueUpdate.path, {
          ...zr,
          state: 'open',
          storedState: undefined,
        })
      ).code,
    ).toBe(6000);
    const member = await cashier.member('lobbyzr01');
    await cashier.deposit(member.token, '1234.50');
    const launched = await cashier.asMember<{ h5Url: string }>(member.token, routes.venueLaunch.path, {
      enName: 'ZR',
      appSendMoney: true,
    });
    expect(launched.code).toBe(6000);

    const lobby = await openLobby(launched.data.h5Url);
    expect(lobby.statusCode).toBe(200);
    expect(lobby.headers['content-type']).toContain('text/html');
    expect(lobby.headers['cache-control']).toBe('no-store');
    expect(lobby.body).toContain('<h1>真人视讯</h1>');
    expect(lobby.body).toContain('场馆余额');
    expect(lobby.body).toContain('¥1,234.50');
    expect(lobby.body).toContain('即将开放');
    expect((await testApp.app.inject({ method: 'GET', url: '/venue/lobby.css' })).statusCode).toBe(200);
  });

  it('answers an unknown token, or another venue’s, with the expired page', async () => {
    const member = await cashier.member('lobbyzr02');
    const launched = await cashier.asMember<{ h5Url: string }>(member.token, routes.venueLaunch.path, {
      enName: 'ZR',
    });
    const token = new URL(launched.data.h5Url, 'http://site.invalid').searchParams.get('token');
    for (const url of ['/venue/zr/?token=nope', '/venue/zr/', `/venue/qp/?token=${token}`]) {
      const answer = await testApp.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(401);
      expect(answer.body).toContain('登录已失效');
    }
  });
});
