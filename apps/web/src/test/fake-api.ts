import {
  type GameCategory,
  type PreInfo,
  type RouteName,
  type RouteResponse,
  routes,
  type VenueView,
} from '@site/contract';
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

/** An answer that fails with a business code, as the server's error envelope. */
export class FakeFailure {
  constructor(
    readonly code: number,
    readonly message: string,
    readonly data: unknown = null,
  ) {}
}

type Answers = { [N in RouteName]?: (body: unknown) => RouteResponse<N> | FakeFailure };

const defaults: Answers = {
  preInfo: () => preInfoFixture(),
  noticeList: () => [],
  stationAdList: () => [],
  suspensionIcon: () => [],
  popInfo: () => [],
  counter: () => ({ unreadNoticeCount: 0, serverTime: '2026-01-01T00:00:00.000Z' }),
  venueList: (body) => ({
    category: (body as { category: GameCategory }).category,
    counts: { live: 0, total: 0 },
    list: [],
  }),
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
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const name = routeOf(url);
    const answer = name ? (answers[name] ?? defaults[name]) : undefined;
    if (!answer) {
      return new Response(JSON.stringify({ code: 10001, message: '未知接口', data: null }));
    }
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const result = answer(body);
    if (result instanceof FakeFailure) {
      return new Response(JSON.stringify({ code: result.code, message: result.message, data: result.data }));
    }
    return new Response(JSON.stringify({ code: 6000, message: '成功', data: result }));
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

/** A venue as the venue list shows it: IM体育, open, unless `patch` says otherwise. */
export const venueViewOf = (patch: Partial<VenueView> = {}): VenueView => ({
  code: 'IMTY',
  name: 'IM体育',
  category: 'TY',
  walletMode: 'seamless',
  flavour: 'IM',
  state: 'open',
  maintenanceMessage: '',
  maintenanceUntil: null,
  sort: 1,
  logo: '/media/venues/imty.svg',
  demoAllowed: true,
  ...patch,
});
