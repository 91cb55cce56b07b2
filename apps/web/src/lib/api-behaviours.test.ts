import { describe, expect, it, vi } from 'vitest';
import { createApiFailureHandler, type ShellDeps } from './api-behaviours.ts';
import { ApiError } from './api-error.ts';
import { modalSnapshot, settleModal } from './modal-store.ts';
import { readToken, saveToken } from './token.ts';

function setUp(overrides: Partial<ShellDeps> = {}) {
  let now = 10_000;
  const deps = {
    navigate: vi.fn<(path: string) => void>(),
    currentPath: () => '/',
    isMobile: () => false,
    maintainStatus: (): 0 | 1 | undefined => 1,
    refreshSiteInfo: vi.fn(),
    reload: vi.fn(),
    toast: vi.fn<(text: string) => void>(),
    isOnline: () => true,
    now: () => now,
    ...overrides,
  };
  const handle = createApiFailureHandler(deps);
  return { deps, handle, advance: (ms: number) => (now += ms) };
}

const business = (code: number, message = '服务器消息') => new ApiError('business', code, message);

async function confirmTopModal() {
  const [top] = modalSnapshot();
  if (!top) {
    throw new Error('no modal open');
  }
  settleModal(top.id, true);
  await Promise.resolve();
  await Promise.resolve();
  vi.advanceTimersByTime(300);
  return top;
}

describe('API failure behaviours', () => {
  it('6001: clears the session once and shows one dialog leading to login', async () => {
    vi.useFakeTimers();
    saveToken('t');
    const { deps, handle } = setUp();
    handle(business(6001, '您的账号已在其他地方登录'));
    handle(business(6001, '您的账号已在其他地方登录'));
    expect(readToken()).toBeUndefined();
    expect(modalSnapshot()).toHaveLength(1);
    expect(deps.navigate).not.toHaveBeenCalled();
    const top = await confirmTopModal();
    expect(top.content).toBe('您的账号已在其他地方登录');
    expect(top.confirmText).toBe('确定');
    expect(deps.navigate).toHaveBeenCalledWith('/user/login');
    expect(modalSnapshot()).toHaveLength(0);
  });

  it('10102: alert titled 提示, de-duplicated within 700 ms; confirm clears login and goes to login', async () => {
    vi.useFakeTimers();
    saveToken('t');
    const { deps, handle, advance } = setUp();
    handle(business(10102, '设备已被限制'));
    advance(699);
    handle(business(10102, '设备已被限制'));
    expect(modalSnapshot()).toHaveLength(1);
    expect(readToken()).toBe('t');
    const top = await confirmTopModal();
    expect(top.title).toBe('提示');
    expect(readToken()).toBeUndefined();
    expect(deps.navigate).toHaveBeenCalledWith('/user/login');
    advance(701);
    handle(business(10102, '设备已被限制'));
    expect(modalSnapshot()).toHaveLength(1);
    await confirmTopModal();
  });

  it.each([10004, 10104, 10105])('%i: clears the token and sends others to login', (code) => {
    vi.useFakeTimers();
    saveToken('t');
    const { deps, handle } = setUp({ currentPath: () => '/download' });
    handle(business(code));
    handle(business(code));
    expect(readToken()).toBeUndefined();
    vi.advanceTimersByTime(349);
    expect(deps.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deps.navigate).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith('/user/login');
  });

  it.each(['/mine/finance/wallet', '/game/sport/ob?url=x', '/registerGuide'])(
    'auth errors on %s go home',
    (path) => {
      vi.useFakeTimers();
      const { deps, handle } = setUp({ currentPath: () => path });
      handle(business(10004));
      vi.advanceTimersByTime(350);
      expect(deps.navigate).toHaveBeenCalledWith('/');
    },
  );

  it('6031 / 6033 send desktop visitors to the access-limit page, mobile ones get a toast', () => {
    const desktop = setUp();
    desktop.handle(business(6031));
    desktop.handle(business(6033));
    expect(desktop.deps.navigate).toHaveBeenCalledWith('/other/restrictionIp');
    const mobile = setUp({ isMobile: () => true });
    mobile.handle(business(6031, 'IP受限'));
    expect(mobile.deps.navigate).not.toHaveBeenCalled();
    expect(mobile.deps.toast).toHaveBeenCalledWith('IP受限');
  });

  it('6032 goes to the access-limit page only with a non-zero status and no skip flag', () => {
    const open = setUp();
    open.handle(business(6032));
    expect(open.deps.navigate).toHaveBeenCalledWith('/other/restrictionIp');
    const inMaintenance = setUp({ maintainStatus: () => 0 });
    inMaintenance.handle(business(6032));
    expect(inMaintenance.deps.navigate).not.toHaveBeenCalled();
    localStorage.setItem('accessCaveatSkip', '1');
    const skipped = setUp();
    skipped.handle(business(6032));
    expect(skipped.deps.navigate).not.toHaveBeenCalled();
  });

  it('toasts other failures with the mapped text, once per 700 ms', () => {
    const { deps, handle, advance } = setUp();
    handle(new ApiError('timeout', 0, 'timeout'));
    handle(new ApiError('timeout', 0, 'timeout'));
    expect(deps.toast).toHaveBeenCalledTimes(1);
    expect(deps.toast).toHaveBeenCalledWith('连接超时，请稍后重试');
    advance(700);
    handle(new ApiError('timeout', 0, 'timeout'));
    expect(deps.toast).toHaveBeenCalledTimes(2);
    handle(new ApiError('cancelled', 0, 'cancelled'));
    expect(deps.toast).toHaveBeenCalledTimes(2);
  });

  it('6014 refreshes the site info so the maintenance redirect can act', () => {
    const { deps, handle } = setUp();
    handle(business(6014));
    expect(deps.refreshSiteInfo).toHaveBeenCalled();
  });
});
