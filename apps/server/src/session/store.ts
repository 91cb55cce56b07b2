import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import { fetchPage } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';
import type { AccessBlockKind, SessionEndReason } from './tables.ts';

/** The only file that writes SQL for the session tables. */
type Executor = Db | Transaction<Database>;

export async function ensureSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db
    .insertInto('auth_secrets')
    .values({ name, secret: candidate })
    .onConflict((c) => c.doNothing())
    .execute();
  const row = await db
    .selectFrom('auth_secrets')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.secret;
}

export interface NewSession {
  tokenHash: string;
  memberId: bigint;
  siteId: number;
  clientType: string;
  deviceUuid: string;
  ip: string;
  isRemembered: boolean;
  now: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

/**
 * Ends the member's live session of the same client type (it then answers 6001), starts the
 * new one and records the login, all in the caller's transaction, which already holds the
 * member's row lock.
 */
export async function startSession(tx: Transaction<Database>, session: NewSession): Promise<bigint[]> {
  const replaced = await tx
    .updateTable('member_sessions')
    .set({ ended_at: session.now, end_reason: 'replaced' })
    .where('member_id', '=', session.memberId)
    .where('client_type', '=', session.clientType)
    .where('ended_at', 'is', null)
    .returning('id')
    .execute();
  await tx
    .insertInto('member_sessions')
    .values({
      token_hash: session.tokenHash,
      member_id: session.memberId,
      site_id: session.siteId,
      client_type: session.clientType,
      device_uuid: session.deviceUuid,
      ip: session.ip,
      is_remembered: session.isRemembered,
      created_at: session.now,
      last_seen_at: session.now,
      idle_expires_at: session.idleExpiresAt,
      absolute_expires_at: session.absoluteExpiresAt,
    })
    .execute();
  await tx
    .insertInto('login_history')
    .values({
      member_id: session.memberId,
      site_id: session.siteId,
      logged_in_at: session.now,
      ip: session.ip,
      device_uuid: session.deviceUuid,
      client_type: session.clientType,
    })
    .execute();
  return replaced.map((row) => row.id);
}

const sessionColumns = [
  'id',
  'member_id',
  'site_id',
  'client_type',
  'device_uuid',
  'is_remembered',
  'last_seen_at',
  'idle_expires_at',
  'absolute_expires_at',
  'end_reason',
] as const;

export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('member_sessions')
    .select(sessionColumns)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function findSessionById(db: Db, sessionId: bigint) {
  return db
    .selectFrom('member_sessions')
    .select(sessionColumns)
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

export async function touchSession(db: Db, sessionId: bigint, lastSeenAt: Date, idleExpiresAt: Date) {
  await db
    .updateTable('member_sessions')
    .set({ last_seen_at: lastSeenAt, idle_expires_at: idleExpiresAt })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endSession(db: Executor, sessionId: bigint, reason: SessionEndReason, at: Date) {
  await db
    .updateTable('member_sessions')
    .set({ ended_at: at, end_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endMemberSessions(
  tx: Executor,
  memberId: bigint,
  reason: SessionEndReason,
  at: Date,
  keptSessionId?: bigint,
): Promise<number> {
  let query = tx
    .updateTable('member_sessions')
    .set({ ended_at: at, end_reason: reason })
    .where('member_id', '=', memberId)
    .where('ended_at', 'is', null);
  if (keptSessionId !== undefined) {
    query = query.where('id', '<>', keptSessionId);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether this member has logged in before at all, from this IP, and from this device. */
export async function loginFamiliarity(db: Db, memberId: bigint, ip: string, deviceUuid: string) {
  const row = await db
    .selectFrom('login_history')
    .select([
      sql<boolean>`count(*) > 0`.as('hasHistory'),
      sql<boolean>`bool_or(ip = ${ip})`.as('isKnownIp'),
      sql<boolean>`bool_or(device_uuid = ${deviceUuid})`.as('isKnownDevice'),
    ])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return {
    hasHistory: row.hasHistory,
    isKnownIp: row.isKnownIp === true,
    isKnownDevice: row.isKnownDevice === true,
  };
}

export async function countOtherMembersOnDevice(
  db: Db,
  siteId: number,
  deviceUuid: string,
  since: Date,
  memberId: bigint,
): Promise<number> {
  const row = await db
    .selectFrom('login_history')
    .select(sql<bigint>`count(distinct member_id)`.as('count'))
    .where('site_id', '=', siteId)
    .where('device_uuid', '=', deviceUuid)
    .where('logged_in_at', '>', since)
    .where('member_id', '<>', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function pageLoginHistory(db: Db, memberId: bigint, pageNum: number, pageSize: number) {
  const { list, total } = await fetchPage(
    db.selectFrom('login_history').where('member_id', '=', memberId),
    (query) =>
      query
        .select(['logged_in_at', 'ip', 'device_uuid', 'client_type'])
        .orderBy('logged_in_at', 'desc')
        .orderBy('id', 'desc'),
    { pageNum, pageSize },
  );
  return { rows: list, total };
}

export async function listAccessBlocks(db: Db, siteId: number) {
  return db.selectFrom('access_blocks').select(['kind', 'value']).where('site_id', '=', siteId).execute();
}

export async function upsertAccessBlock(
  db: Db,
  siteId: number,
  kind: AccessBlockKind,
  value: string,
  reason: string,
  at: Date,
) {
  await db
    .insertInto('access_blocks')
    .values({ site_id: siteId, kind, value, reason, created_at: at })
    .onConflict((conflict) => conflict.columns(['site_id', 'kind', 'value']).doUpdateSet({ reason }))
    .execute();
}

export async function deleteAccessBlock(db: Db, siteId: number, kinds: AccessBlockKind[], value: string) {
  const result = await db
    .deleteFrom('access_blocks')
    .where('site_id', '=', siteId)
    .where('kind', 'in', kinds)
    .where('value', '=', value)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listAccessBlocksForOperator(db: Db, siteId: number) {
  return db
    .selectFrom('access_blocks')
    .select(['kind', 'value', 'reason', 'created_at'])
    .where('site_id', '=', siteId)
    .orderBy('id', 'desc')
    .execute();
}

/** Members of a site who signed in from an IP address or a device, most recent first. */
export async function membersSeenFrom(
  db: Db,
  siteId: number,
  source: { ip: string } | { deviceUuid: string },
  limit: number,
) {
  const query = db
    .selectFrom('login_history')
    .select('member_id')
    .where('site_id', '=', siteId)
    .groupBy('member_id')
    .orderBy((eb) => eb.fn.max('logged_in_at'), 'desc')
    .limit(limit);
  const rows = await ('ip' in source
    ? query.where('ip', '=', source.ip)
    : query.where('device_uuid', '=', source.deviceUuid)
  ).execute();
  return rows.map((row) => row.member_id);
}

/** Where a member signs in from, as the login history keeps it. */
export type AccessColumn = 'device_uuid' | 'ip';

/**
 * The devices or IPs a member signed in from that other members of the site used too: one row per
 * value and other member, with that member's last sign-in from it, most recent first.
 */
export async function accessSharedWith(
  db: Db,
  siteId: number,
  memberId: bigint,
  column: AccessColumn,
  limit: number,
) {
  const own = db
    .selectFrom('login_history')
    .select(column)
    .where('site_id', '=', siteId)
    .where('member_id', '=', memberId);
  return db
    .selectFrom('login_history')
    .select((eb) => [eb.ref(column).as('value'), 'member_id', eb.fn.max('logged_in_at').as('last_used_at')])
    .where('site_id', '=', siteId)
    .where('member_id', '<>', memberId)
    .where(column, 'in', own)
    .groupBy([column, 'member_id'])
    .orderBy('last_used_at', 'desc')
    .orderBy('member_id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * One page of the site's devices or IPs that more than one member signed in from, most members
 * first, each with up to `membersShown` of their member ids and the last sign-in from it.
 */
export async function pageSharedAccess(
  db: Db,
  siteId: number,
  column: AccessColumn,
  page: { pageNum: number; pageSize: number },
  membersShown: number,
) {
  const memberCount = sql<bigint | string>`count(distinct member_id)`;
  const shared = db
    .selectFrom('login_history')
    .select((eb) => [
      eb.ref(column).as('value'),
      memberCount.as('member_count'),
      eb.fn.max('logged_in_at').as('last_used_at'),
      sql<string[]>`(array_agg(distinct member_id::text))[1:${sql.lit(membersShown)}]`.as('member_ids'),
    ])
    .where('site_id', '=', siteId)
    .groupBy(column)
    .having(sql<boolean>`count(distinct member_id) > 1`);
  const [list, count] = await Promise.all([
    shared
      .orderBy('member_count', 'desc')
      .orderBy('last_used_at', 'desc')
      .orderBy('value')
      .offset((page.pageNum - 1) * page.pageSize)
      .limit(page.pageSize)
      .execute(),
    db
      .selectFrom(shared.as('shared'))
      .select(sql<bigint | string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.total) };
}

/**
 * Members of the site with a live session (not ended, not expired) used since `activeSince`: a
 * session notes its activity at most once a minute, so a window of minutes counts who is online.
 */
export async function countOnlineMembers(db: Db, siteId: number, now: Date, activeSince: Date) {
  const row = await db
    .selectFrom('member_sessions')
    .select(sql<bigint>`count(distinct member_id)::int8`.as('count'))
    .where('site_id', '=', siteId)
    .where('ended_at', 'is', null)
    .where('last_seen_at', '>=', activeSince)
    .where('idle_expires_at', '>', now)
    .where('absolute_expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
