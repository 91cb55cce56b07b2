import { mobileUserAgentPattern, uuidV4 } from '@site/contract';
import { local, storageKeys } from './storage.ts';

let memoryUuid: string | undefined;

/** The persisted device uuid (v4); kept in memory when storage is blocked. */
export function deviceUuid(): string {
  const stored = local.get(storageKeys.deviceUuid);
  if (stored) {
    return stored;
  }
  memoryUuid ??= uuidV4();
  local.set(storageKeys.deviceUuid, memoryUuid);
  return memoryUuid;
}

export function isMobileUserAgent(userAgent: string = navigator.userAgent): boolean {
  return mobileUserAgentPattern.test(userAgent);
}

/** The platform name the launcher's webTerminal call expects in its `platform` header. */
export function terminalPlatform(userAgent: string = navigator.userAgent): 'android' | 'ios' | 'h5' | 'pc' {
  if (/Android/i.test(userAgent)) {
    return 'android';
  }
  if (/iPhone|iPad/i.test(userAgent)) {
    return 'ios';
  }
  return isMobileUserAgent(userAgent) ? 'h5' : 'pc';
}
