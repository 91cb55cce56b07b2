import type { OperatorRole } from '@site/contract';
import type { Db } from '../db/database.ts';
import { fetchPage, type PageRequest } from '../db/paging.ts';

/** The only file that writes SQL for the operator tables. */

const staffColumns = ['id', 'username', 'role', 'site_ids', 'is_active', 'created_at'] as const;

export async function insertOperator(
  db: Db,
  operator: { username: string; passwordHash: string; role: OperatorRole; siteIds: number[]; at: Date },
) {
  return db
    .insertInto('operators')
    .values({
      username: operator.username,
      password_hash: operator.passwordHash,
      role: operator.role,
      site_ids: operator.siteIds,
      created_at: operator.at,
    })
    .returning(staffColumns)
    .executeTakeFirstOrThrow();
}

/** Staff accounts with their latest successful sign-in, oldest account first. */
export async function listStaff(db: Db) {
  return db
    .selectFrom('operators')
    .select(staffColumns)
    .select((eb) =>
      eb
        .selectFrom('operator_logins')
        .select((inner) => inner.fn.max('operator_logins.at').as('at'))
        .whereRef('operator_logins.operator_id', '=', 'operators.id')
        .where('operator_logins.succeeded', '=', true)
        .as('last_login_at'),
    )
    .orderBy('id')
    .execute();
}

export async function findOperatorById(db: Db, id: bigint, options: { forUpdate?: boolean } = {}) {
  const query = db.selectFrom('operators').select(staffColumns).where('id', '=', id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export async function updateOperator(
  db: Db,
  id: bigint,
  change: { role: OperatorRole; siteIds: number[]; isActive: boolean },
) {
  return db
    .updateTable('operators')
    .set({ role: change.role, site_ids: change.siteIds, is_active: change.isActive })
    .where('id', '=', id)
    .returning(staffColumns)
    .executeTakeFirstOrThrow();
}

export async function setOperatorTotpSecret(db: Db, id: bigint, secret: string | null) {
  await db.updateTable('operators').set({ totp_secret: secret }).where('id', '=', id).execute();
}

export async function setOperatorPasswordHash(db: Db, id: bigint, passwordHash: string) {
  await db.updateTable('operators').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export async function endOperatorSessions(db: Db, operatorId: bigint, at: Date) {
  await db
    .updateTable('operator_sessions')
    .set({ ended_at: at })
    .where('operator_id', '=', operatorId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function insertOperatorLogin(
  db: Db,
  login: { operatorId: bigint; at: Date; ip: string; userAgent: string; succeeded: boolean },
) {
  await db
    .insertInto('operator_logins')
    .values({
      operator_id: login.operatorId,
      at: login.at,
      ip: login.ip,
      user_agent: login.userAgent,
      succeeded: login.succeeded,
    })
    .execute();
}

export async function listOperatorLogins(db: Db, operatorId: bigint, page: PageRequest) {
  return fetchPage(
    db.selectFrom('operator_logins').where('operator_id', '=', operatorId),
    (query) => query.select(['at', 'ip', 'user_agent', 'succeeded']).orderBy('id', 'desc'),
    page,
  );
}

export async function findOperatorByUsername(db: Db, username: string) {
  return db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function insertOperatorSession(
  db: Db,
  session: { tokenHash: string; operatorId: bigint; now: Date; idleExpiresAt: Date; absoluteExpiresAt: Date },
) {
  await db
    .insertInto('operator_sessions')
    .values({
      token_hash: session.tokenHash,
      operator_id: session.operatorId,
      created_at: session.now,
      idle_expires_at: session.idleExpiresAt,
      absolute_expires_at: session.absoluteExpiresAt,
    })
    .execute();
}

export async function findOperatorSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select([
      'operator_sessions.id',
      'operator_sessions.idle_expires_at',
      'operator_sessions.absolute_expires_at',
      'operator_sessions.ended_at',
      'operators.id as operator_id',
      'operators.username',
      'operators.role',
      'operators.site_ids',
      'operators.is_active',
    ])
    .where('operator_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchOperatorSession(db: Db, sessionId: bigint, idleExpiresAt: Date) {
  await db
    .updateTable('operator_sessions')
    .set({ idle_expires_at: idleExpiresAt })
    .where('id', '=', sessionId)
    .execute();
}

export async function endOperatorSession(db: Db, sessionId: bigint, at: Date) {
  await db.updateTable('operator_sessions').set({ ended_at: at }).where('id', '=', sessionId).execute();
}

export async function insertMemberNote(
  db: Db,
  note: {
    siteId: number;
    memberId: bigint;
    operatorId: bigint;
    operatorUsername: string;
    text: string;
    at: Date;
  },
) {
  return db
    .insertInto('member_notes')
    .values({
      site_id: note.siteId,
      member_id: note.memberId,
      operator_id: note.operatorId,
      operator_username: note.operatorUsername,
      text: note.text,
      created_at: note.at,
    })
    .returning(['id', 'operator_username', 'text', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function listMemberNotes(db: Db, memberId: bigint, limit: number) {
  return db
    .selectFrom('member_notes')
    .select(['id', 'operator_username', 'text', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
