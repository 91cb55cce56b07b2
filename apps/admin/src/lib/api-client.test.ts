import { headerNames, routes, signRequest } from '@site/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { endSession, type OperatorSession, sessionState, startSession, switchSite } from './session.ts';

const session: OperatorSession = {
  token: 'operator-token',
  expiresAt: '2026-11-23T12:00:00.000Z',
  operator: {
    id: 7,
    username: 'cashier1',
    role: 'finance',
    siteIds: [9001, 9002],
    permissions: ['cashier.read'],
  },
};

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  startSession(session);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  endSession();
});

function sentRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

describe('callRoute', () => {
  it("signs like the member site, with the operator's token and the site switched to", async () => {
    switchSite(9002);
    fetchMock.mockResolvedValueOnce(answer({ code: 6000, message: '成功', data: [] }));
    await expect(callRoute('adminBlockList')).resolves.toEqual([]);
    const { url, init, headers } = sentRequest();
    expect(url).toBe(routes.adminBlockList.path);
    expect(init.method).toBe('GET');
    expect(headers.get(headerNames.siteId)).toBe('9002');
    expect(headers.get(headerNames.token)).toBe('operator-token');
    const timestamp = headers.get(headerNames.timestamp) ?? '';
    const deviceUuid = headers.get(headerNames.deviceUuid) ?? '';
    expect(deviceUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get(headerNames.sign)).toBe(
      signRequest({ method: 'GET', basePath: '/admin/api/v1', timestamp, deviceUuid }),
    );
  });

  it('sends a POST body as JSON and GET paging as a query', async () => {
    fetchMock.mockImplementation(async () =>
      answer({ code: 6000, message: '成功', data: { list: [], total: 0, pageNum: 2, pageSize: 50 } }),
    );
    await callRoute('adminWithdrawList', { pageNum: 2, pageSize: 50, status: 'pending' });
    expect(sentRequest().init.body).toBe(JSON.stringify({ pageNum: 2, pageSize: 50, status: 'pending' }));
    expect(sentRequest().headers.get('content-type')).toBe('application/json');
    fetchMock.mockClear();
    await callRoute('adminOutbox', undefined, { query: { pageNum: 2, pageSize: 50 } });
    expect(sentRequest().url).toBe(`${routes.adminOutbox.path}?pageNum=2&pageSize=50`);
  });

  it("turns a refusal envelope into an ApiError with the server's Chinese message and data", async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 10001, message: '无权执行此操作', data: { field: 'x' } }));
    const error = await callRoute('adminWithdrawApprove', { orderNo: 'W1' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'business',
      code: 10001,
      message: '无权执行此操作',
      data: { field: 'x' },
    });
    expect(sessionState().session).not.toBeNull();
  });

  it('ends the session on 10004, which sends the console back to its login page', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 10004, message: '登录已失效，请重新登录', data: null }));
    await expect(callRoute('adminStaffList')).rejects.toMatchObject({ code: 10004 });
    expect(sessionState().session).toBeNull();
  });

  it('refuses an answer that does not match the contract, and an HTTP failure', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 6000, message: '成功', data: { list: 'nope' } }));
    await expect(callRoute('adminCashierActions', { pageNum: 1, pageSize: 20 })).rejects.toMatchObject({
      kind: 'invalid',
    });
    fetchMock.mockResolvedValueOnce(answer({}, 502));
    await expect(callRoute('adminStaffList')).rejects.toMatchObject({ kind: 'http', code: 502 });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callRoute('adminStaffList')).rejects.toMatchObject({ kind: 'network' });
  });
});
