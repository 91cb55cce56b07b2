import {
  type OperatorPermission,
  operatorLoginResultSchema,
  type RouteResponse,
  siteIdDefault,
  uuidV4,
} from '@site/contract';

export type OperatorSession = RouteResponse<'adminLogin'>;
export type Operator = OperatorSession['operator'];

export interface SessionState {
  session: OperatorSession | null;
  /** The site the console acts on: the `site-id` header of every call. */
  siteId: number;
}

/** Per tab: closing the console's tab ends what this browser remembers of the session. */
const sessionKey = 'admin:session';
const siteKey = 'admin:siteId';
/** Per browser, so the server's login history recognises the device. */
const deviceKey = 'admin:deviceUuid';

function readStoredSession(): OperatorSession | null {
  try {
    const parsed = operatorLoginResultSchema.safeParse(
      JSON.parse(sessionStorage.getItem(sessionKey) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function defaultSiteOf(session: OperatorSession | null): number {
  const stored = Number(sessionStorage.getItem(siteKey));
  if (session && Number.isInteger(stored) && stored > 0 && mayUseSite(session.operator, stored)) {
    return stored;
  }
  return session?.operator.siteIds[0] ?? siteIdDefault;
}

let state: SessionState = { session: readStoredSession(), siteId: siteIdDefault };
state = { ...state, siteId: defaultSiteOf(state.session) };
const listeners = new Set<() => void>();

function update(next: SessionState): void {
  state = next;
  for (const listener of listeners) {
    listener();
  }
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionState(): SessionState {
  return state;
}

export function startSession(session: OperatorSession): void {
  sessionStorage.setItem(sessionKey, JSON.stringify(session));
  sessionStorage.removeItem(siteKey);
  update({ session, siteId: session.operator.siteIds[0] ?? siteIdDefault });
}

export function endSession(): void {
  sessionStorage.removeItem(sessionKey);
  sessionStorage.removeItem(siteKey);
  update({ session: null, siteId: siteIdDefault });
}

export function switchSite(siteId: number): void {
  sessionStorage.setItem(siteKey, String(siteId));
  update({ ...state, siteId });
}

/** 超级管理员 works on every site (no siteIds); everyone else on the sites the account names. */
export function mayUseSite(operator: Operator, siteId: number): boolean {
  return operator.siteIds.length === 0 || operator.siteIds.includes(siteId);
}

export function hasPermission(operator: Operator | undefined, permission: OperatorPermission): boolean {
  return operator?.permissions.includes(permission) ?? false;
}

let memoryDeviceUuid: string | undefined;

export function deviceUuid(): string {
  try {
    const stored = localStorage.getItem(deviceKey);
    if (stored) {
      return stored;
    }
    const created = uuidV4();
    localStorage.setItem(deviceKey, created);
    return created;
  } catch {
    memoryDeviceUuid ??= uuidV4();
    return memoryDeviceUuid;
  }
}
