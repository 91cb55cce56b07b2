import {
  counterRefreshIntervalMs,
  headerNames,
  type PreInfo,
  platformTypeDefault,
  secFixedId,
} from '@site/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';
import { terminalPlatform } from './device.ts';
import { local, readJson, storageKeys } from './storage.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

/**
 * The contract's preInfo shape, checked by hand because zod stays off the first load: an older
 * build may have cached another shape, which must not reach the shell (site-data.test.ts holds
 * this check to the schema).
 */
export function isPreInfo(value: unknown): value is PreInfo {
  if (!isRecord(value) || !isRecord(value.SiteBaseConfigVo) || !isRecord(value.maintainConfig)) {
    return false;
  }
  const { SiteBaseConfigVo: base, maintainConfig: maintain } = value;
  return (
    typeof base.title === 'string' &&
    typeof base.webLogoTitleUrl === 'string' &&
    (maintain.status === 0 || maintain.status === 1) &&
    isStringOrNull(maintain.startTime) &&
    isStringOrNull(maintain.endTime) &&
    typeof maintain.message === 'string' &&
    typeof value.address === 'string' &&
    Array.isArray(value.disablePhones) &&
    value.disablePhones.every((prefix) => typeof prefix === 'string') &&
    typeof value.globePhoneNumber === 'boolean' &&
    typeof value.ip === 'string' &&
    isStringOrNull(value.siteFestivalSkin) &&
    typeof value.siteVideoActiveUrl === 'string' &&
    typeof value.siteVideoSkinOpen === 'boolean' &&
    typeof value.stopLogin === 'boolean' &&
    typeof value.stopRegister === 'boolean'
  );
}

/** Site info cached in local storage (`preInfoData`) so the shell paints before the API answers. */
export function cachedPreInfo(): PreInfo | undefined {
  const cached = readJson(local.get(storageKeys.preInfoData));
  return isPreInfo(cached) ? cached : undefined;
}

export const preInfoQuery = queryOptions({
  queryKey: ['site', 'preInfo'],
  queryFn: async ({ signal }) => {
    const preInfo = await callRoute('preInfo', { platformType: platformTypeDefault }, { signal });
    local.set(storageKeys.preInfoData, JSON.stringify(preInfo));
    return preInfo;
  },
  initialData: cachedPreInfo,
  initialDataUpdatedAt: 0,
  staleTime: 60_000,
});

export function usePreInfo(refetchIntervalMs?: number) {
  return useQuery(
    refetchIntervalMs === undefined ? preInfoQuery : { ...preInfoQuery, refetchInterval: refetchIntervalMs },
  );
}

export function maintainStatusOf(client: QueryClient): 0 | 1 | undefined {
  return client.getQueryData(preInfoQuery.queryKey)?.maintainConfig.status;
}

export const vvPrettyQuery = queryOptions({
  queryKey: ['site', 'vvPretty'],
  queryFn: async ({ signal }) => {
    const [secret, payload] = await Promise.all([
      callRoute('secKey', undefined, { params: { id: secFixedId }, signal }),
      callRoute('vvPretty', undefined, { signal }),
    ]);
    // The AES code loads with the first payload to decrypt, not with the page.
    const { decryptVvPretty } = await import('./vv-pretty.ts');
    return decryptVvPretty(payload.data, secret);
  },
  staleTime: 10 * 60_000,
});

export function useVvPretty() {
  return useQuery(vvPrettyQuery);
}

export function useWebTerminal() {
  const platform = terminalPlatform();
  return useQuery({
    queryKey: ['site', 'webTerminal', platform],
    queryFn: ({ signal }) =>
      callRoute('webTerminal', undefined, { headers: { [headerNames.platform]: platform }, signal }),
    staleTime: 10 * 60_000,
  });
}

export const namingListQuery = queryOptions({
  queryKey: ['site', 'namingList'],
  queryFn: ({ signal }) => callRoute('namingList', undefined, { signal }),
  staleTime: 10 * 60_000,
});

export function noticeReadAt(): string | undefined {
  return local.get(storageKeys.noticeReadAt) ?? undefined;
}

/** Unread counters, polled from start-up every 60 s. */
export const counterQuery = queryOptions({
  queryKey: ['site', 'counter'],
  queryFn: ({ signal }) =>
    callRoute('counter', undefined, { query: { noticeReadAt: noticeReadAt() }, signal }),
  refetchInterval: counterRefreshIntervalMs,
});

export function useCounter() {
  return useQuery(counterQuery);
}

/** The player opened the notice list: notices up to now count as read. */
export function markNoticesRead(client: QueryClient, at: string): void {
  local.set(storageKeys.noticeReadAt, at);
  void client.invalidateQueries({ queryKey: counterQuery.queryKey });
}
