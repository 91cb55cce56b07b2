import { type Insertable, sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type {
  AccessBlockKind,
  MemberStatus,
  OutboxChannel,
  OutboxPurpose,
  SessionEndReason,
} from './tables.ts';

/** The only file that writes SQL for the auth tables. */
type Executor = Db | Transaction<Database>;

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberById>>>;

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

export async function findMemberById(db: Executor, memberId: bigint) {
  return db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
}

export async function findMemberByUsername(db: Executor, siteId: number, username: string) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('username', '=', username)
    .executeTakeFirst();
}

export async function findMemberByInviteCode(db: Executor, siteId: number, inviteCode: string) {
  return db
    .selectFrom('members')
    .select(['id', 'is_agent'])
    .where('site_id', '=', siteId)
    .where('invite_code', '=', inviteCode)
    .executeTakeFirst();
}

export async function countMembers(db: Executor, siteId: number): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertMember(tx: Executor, member: Insertable<Database['members']>) {
  return tx.insertInto('members').values(member).returningAll().executeTakeFirstOrThrow();
}

export async function updatePasswordHash(tx: Executor, memberId: bigint, passwordHash: string, at: Date) {
  await tx
    .updateTable('members')
    .set({ password_hash: passwordHash, password_changed_at: at })
    .where('id', '=', memberId)
    .execute();
}

export async function setMemberStatus(
  tx: Executor,
  siteId: number,
  username: string,
  status: MemberStatus,
  reason: string,
): Promise<bigint | undefined> {
  const row = await tx
    .updateTable('members')
    .set({ status, blocked_reason: reason })
    .where('site_id', '=', siteId)
    .where('username', '=', username)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function setTotp(db: Executor, memberId: bigint, secret: string | null, isEnabled: boolean) {
  await db
    .updateTable('members')
    .set({ totp_secret: secret, is_totp_enabled: isEnabled })
    .where('id', '=', memberId)
    .execute();
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
 * new one and records the login, all in the caller's transaction.
 */
export async function startSession(tx: Transaction<Database>, session: NewSession) {
  // Logins of one member queue on the member row, so the one-live-session rule never races.
  await tx.selectFrom('members').select('id').where('id', '=', session.memberId).forUpdate().execute();
  await tx
    .updateTable('member_sessions')
    .set({ ended_at: session.now, end_reason: 'replaced' })
    .where('member_id', '=', session.memberId)
    .where('client_type', '=', session.clientType)
    .where('ended_at', 'is', null)
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
  await tx
    .updateTable('members')
    .set({ last_login_at: session.now })
    .where('id', '=', session.memberId)
    .execute();
}

export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('member_sessions')
    .innerJoin('members', 'members.id', 'member_sessions.member_id')
    .select([
      'member_sessions.id',
      'member_sessions.member_id',
      'member_sessions.site_id',
      'member_sessions.client_type',
      'member_sessions.device_uuid',
      'member_sessions.is_remembered',
      'member_sessions.last_seen_at',
      'member_sessions.idle_expires_at',
      'member_sessions.absolute_expires_at',
      'member_sessions.end_reason',
      'members.status',
    ])
    .where('member_sessions.token_hash', '=', tokenHash)
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
) {
  let query = tx
    .updateTable('member_sessions')
    .set({ ended_at: at, end_reason: reason })
    .where('member_id', '=', memberId)
    .where('ended_at', 'is', null);
  if (keptSessionId !== undefined) {
    query = query.where('id', '<>', keptSessionId);
  }
  await query.execute();
}

export async function countLiveSessions(db: Executor, memberId: bigint): Promise<number> {
  const row = await db
    .selectFrom('member_sessions')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .where('member_id', '=', memberId)
    .where('ended_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
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
  const [rows, total] = await Promise.all([
    db
      .selectFrom('login_history')
      .select(['logged_in_at', 'ip', 'device_uuid', 'client_type'])
      .where('member_id', '=', memberId)
      .orderBy('logged_in_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    db
      .selectFrom('login_history')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
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

export async function listBlocks(db: Db, siteId: number) {
  const [blocks, members] = await Promise.all([
    db
      .selectFrom('access_blocks')
      .select(['kind', 'value', 'reason', 'created_at'])
      .where('site_id', '=', siteId)
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('members')
      .select(['username', 'blocked_reason', 'created_at'])
      .where('site_id', '=', siteId)
      .where('status', '=', 'blocked')
      .execute(),
  ]);
  return { blocks, members };
}

export async function insertOutboxMessage(
  db: Db,
  message: {
    siteId: number;
    channel: OutboxChannel;
    recipient: string;
    purpose: OutboxPurpose;
    body: string;
    at: Date;
  },
) {
  await db
    .insertInto('outbox_messages')
    .values({
      site_id: message.siteId,
      channel: message.channel,
      recipient: message.recipient,
      purpose: message.purpose,
      body: message.body,
      created_at: message.at,
    })
    .execute();
}

export async function pageOutbox(db: Db, siteId: number, pageNum: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    db
      .selectFrom('outbox_messages')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('site_id', '=', siteId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
