import { clientVersion, signRequest } from '@site/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute, setApiFailureHandler } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { saveToken } from './token.ts';

const preInfo = {
  SiteBaseConfigVo: { title: '星河娱乐', webLogoTitleUrl: '/media/logo.svg' },
  address: 'xinghe.example',
  disablePhones: [],
  globePhoneNumber: false,
  ip: '203.0.113.9',
  maintainConfig: { status: 1, startTime: null, endTime: null, message: '' },
  siteFestivalSkin: null,
  siteVideoActiveUrl: '',
  siteVideoSkinOpen: false,
  stopLogin: false,
  stopRegister: false,
};

function respondWith(body: unknown, init: ResponseInit = {}) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function requestOf(fetchMock: ReturnType<typeof vi.fn>): {
  url: string;
  init: RequestInit;
  headers: Headers;
} {
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  return { url, init, headers: new Headers(init.headers) };
}

describe('api client', () => {
  const failures: ApiError[] = [];
  beforeEach(() => {
    failures.length = 0;
    setApiFailureHandler((error) => failures.push(error));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the signed headers and unwraps the envelope', async () => {
    saveToken('tok-9');
    const fetchMock = respondWith({ code: 6000, message: '成功', data: preInfo });
    const data = await callRoute('preInfo', { platformType: 6 });
    expect(data.SiteBaseConfigVo.title).toBe('星河娱乐');
    const { url, init, headers } = requestOf(fetchMock);
    expect(url).toBe('/site/api/v1/configuration/preInfo');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"platformType":6}');
    expect(headers.get('client-type')).toBe('web');
    expect(headers.get('version')).toBe(clientVersion);
    expect(headers.get('site-id')).toBe('9001');
    expect(headers.get('token')).toBe('tok-9');
    const deviceUuid = headers.get('device-uuid') ?? '';
    expect(deviceUuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(localStorage.getItem('deviceUuid')).toBe(deviceUuid);
    const timestamp = headers.get('timestamp') ?? '';
    expect(headers.get('sign')).toBe(
      await signRequest({ method: 'POST', basePath: '/site/api/v1', timestamp, deviceUuid }),
    );
  });

  it('fills path params and the query string; GET has no body', async () => {
    const fetchMock = respondWith({ code: 6000, message: '', data: { key: 'a', iv: 'b' } });
    await callRoute('secKey', undefined, { params: { id: 'vv' } });
    expect(requestOf(fetchMock).url).toBe('/site/api/v1/sec/vv');
    expect(requestOf(fetchMock).init.body).toBeUndefined();
    const counter = respondWith({
      code: 6000,
      message: '',
      data: { unreadNoticeCount: 2, serverTime: '2026-01-01T00:00:00.000Z' },
    });
    await callRoute('counter', undefined, { query: { noticeReadAt: '2026-01-01T00:00:00.000Z' } });
    expect(requestOf(counter).url).toBe(
      '/site/api/v1/message/counter?noticeReadAt=2026-01-01T00%3A00%3A00.000Z',
    );
  });

  it('turns a business code into an ApiError and reports it once', async () => {
    respondWith({ code: 10108, message: '接口鉴权失败', data: null });
    await expect(callRoute('stationAdList')).rejects.toMatchObject({ kind: 'business', code: 10108 });
    expect(failures.map((error) => error.code)).toEqual([10108]);
  });

  it('treats HTTP non-OK as a transport failure with the status text', async () => {
    respondWith({ code: 10001, message: '' }, { status: 502, statusText: 'Bad Gateway' });
    await expect(callRoute('stationAdList')).rejects.toMatchObject({
      kind: 'http',
      code: 502,
      message: 'Bad Gateway',
    });
  });

  it('hands the data over as the server sent it, without loading the schemas (route-table.test.ts)', async () => {
    const ads = [{ id: 1, title: '新春', imageUrl: '/media/a.svg', linkUrl: '' }];
    respondWith({ code: 6000, message: '', data: ads });
    await expect(callRoute('stationAdList')).resolves.toEqual(ads);
  });

  it('rejects a body that is no envelope', async () => {
    respondWith([{ id: 1 }]);
    await expect(callRoute('stationAdList')).rejects.toMatchObject({ kind: 'invalid' });
    expect(failures.map((error) => error.kind)).toEqual(['invalid']);
  });

  it('keeps failures from the player when silent', async () => {
    respondWith({ code: 10001, message: '失败', data: null });
    await expect(callRoute('stationAdList', undefined, { isSilent: true })).rejects.toBeInstanceOf(ApiError);
    expect(failures).toEqual([]);
  });

  it('times out after 20 s by default, or the per-request override', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const byDefault = callRoute('stationAdList');
    const expectation = expect(byDefault).rejects.toMatchObject({
      kind: 'timeout',
      code: 0,
      message: 'timeout',
    });
    while (fetchMock.mock.calls.length === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await vi.advanceTimersByTimeAsync(19_999);
    expect(failures).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expectation;
    const overridden = callRoute('stationAdList', undefined, { timeoutMs: 500 });
    const second = expect(overridden).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(500);
    await second;
  });

  it('reports a caller abort as cancelled', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      ),
    );
    const controller = new AbortController();
    const call = callRoute('stationAdList', undefined, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('maps a failed fetch to a network error (status 0)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callRoute('stationAdList')).rejects.toMatchObject({ kind: 'network', code: 0 });
  });
});
