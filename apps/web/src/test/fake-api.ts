import { type PreInfo, type RouteName, type RouteResponse, routes } from '@site/contract';
import { vi } from 'vitest';

export function preInfoFixture(patch: Partial<PreInfo> = {}): PreInfo {
  return {
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
    ...patch,
  };
}

type Answers = { [N in RouteName]?: () => RouteResponse<N> };

const defaults: Answers = {
  preInfo: () => preInfoFixture(),
  noticeList: () => [],
  stationAdList: () => [],
  suspensionIcon: () => [],
  popInfo: () => [],
  counter: () => ({ unreadNoticeCount: 0, serverTime: '2026-01-01T00:00:00.000Z' }),
};

function routeOf(url: string): RouteName | undefined {
  const pathname = url.split('?', 1)[0] ?? '';
  return (Object.keys(routes) as RouteName[]).find((name) => {
    const pattern = new RegExp(`^${routes[name].path.replace(/:\w+/g, '[^/]+')}$`);
    return pattern.test(pathname);
  });
}

/** Answers API calls from `answers` (then defaults) with a success envelope. */
export function fakeApi(answers: Answers = {}) {
  const fetchMock = vi.fn(async (url: string) => {
    const name = routeOf(url);
    const answer = name ? (answers[name] ?? defaults[name]) : undefined;
    if (!answer) {
      return new Response(JSON.stringify({ code: 10001, message: '未知接口', data: null }));
    }
    return new Response(JSON.stringify({ code: 6000, message: '成功', data: answer() }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** What the server does for vvPretty: AES-256-CBC with a random key and iv, all base64. */
export async function encryptForTest(payload: unknown) {
  const keyBytes = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'AES-CBC' }, false, ['encrypt']);
  const plain = new TextEncoder().encode(JSON.stringify(payload));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, key, plain));
  return { data: toBase64(cipher), secret: { key: toBase64(keyBytes), iv: toBase64(iv) } };
}
