import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MemberIdentitiesTable } from './tables.ts';

export type IdentityRow = Selectable<MemberIdentitiesTable>;

export async function findIdentity(db: Db, memberId: bigint): Promise<IdentityRow | undefined> {
  return db.selectFrom('member_identities').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** Another member of the site whose verification holds this ID number (pending or approved). */
export async function findIdNumberHolder(db: Db, siteId: number, idNumber: string, memberId: bigint) {
  return db
    .selectFrom('member_identities')
    .select('member_id')
    .where('site_id', '=', siteId)
    .where('id_number', '=', idNumber)
    .where('status', '<>', 'rejected')
    .where('member_id', '<>', memberId)
    .executeTakeFirst();
}

/** Writes the member's submission and its verdict; a rejected one is replaced by the new one. */
export async function saveIdentity(db: Db, row: IdentityRow): Promise<IdentityRow> {
  return db
    .insertInto('member_identities')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('member_id').doUpdateSet({
        real_name: row.real_name,
        id_number: row.id_number,
        status: row.status,
        reason: row.reason,
        submitted_at: row.submitted_at,
        reviewed_at: row.reviewed_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Members of a site who submitted this real name (any status). */
export async function membersWithRealName(db: Db, siteId: number, realName: string, limit: number) {
  const rows = await db
    .selectFrom('member_identities')
    .select('member_id')
    .where('site_id', '=', siteId)
    .where('real_name', '=', realName)
    .limit(limit)
    .execute();
  return rows.map((row) => row.member_id);
}
