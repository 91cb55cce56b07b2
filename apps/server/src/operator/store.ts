import type { Db } from '../db/database.ts';

/** The only file that writes SQL for the operator tables. */
export async function insertOperator(db: Db, username: string, passwordHash: string, at: Date) {
  return db
    .insertInto('operators')
    .values({ username, password_hash: passwordHash, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
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
