import type { MemberSearchSortKey, SortRequest } from '@site/contract';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import { type DayRange, localDayOf } from '../db/days.ts';
import { fetchPage, orderByKey, type PageRequest } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';
import type { MemberStatus } from './tables.ts';

/** The only file that writes SQL for the member tables. */
type Executor = Db | Transaction<Database>;

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberById>>>;

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

/**
 * Stamps a login on the member's row, first thing in the login's transaction: the row lock it
 * takes queues logins of one member, so the one-live-session rule never races. Answers the
 * status as of that lock, so a block that lands while a login runs still wins.
 */
export async function recordLogin(tx: Transaction<Database>, memberId: bigint, at: Date) {
  const row = await tx
    .updateTable('members')
    .set({ last_login_at: at })
    .where('id', '=', memberId)
    .returning('status')
    .executeTakeFirstOrThrow();
  return row.status;
}

export async function listBlockedMembers(db: Db, siteId: number) {
  return db
    .selectFrom('members')
    .select(['username', 'blocked_reason', 'created_at'])
    .where('site_id', '=', siteId)
    .where('status', '=', 'blocked')
    .execute();
}

/** Members of a site matching one criterion, newest first. */
const memberSortColumns = {
  memberId: 'id',
  createdAt: 'created_at',
  lastLoginAt: 'last_login_at',
} as const satisfies Record<MemberSearchSortKey, keyof Database['members']>;

export async function searchMembers(
  db: Db,
  siteId: number,
  criterion:
    | { username: string }
    | { phone: string }
    | { inviteCode: string }
    | { memberIds: ReadonlyArray<bigint> },
  page: PageRequest,
  sort: SortRequest<MemberSearchSortKey> = {},
) {
  let query = db.selectFrom('members').where('site_id', '=', siteId);
  if ('username' in criterion) {
    query = query.where('username', '=', criterion.username);
  } else if ('phone' in criterion) {
    query = query.where('phone', '=', criterion.phone);
  } else if ('inviteCode' in criterion) {
    query = query.where('invite_code', '=', criterion.inviteCode);
  } else if (criterion.memberIds.length === 0) {
    return { list: [], total: 0 };
  } else {
    query = query.where('id', 'in', criterion.memberIds);
  }
  return fetchPage(
    query,
    (filtered) =>
      orderByKey(
        filtered.select(['id', 'username', 'phone', 'status', 'created_at', 'last_login_at']),
        sort,
        {
          columns: memberSortColumns,
          tiebreak: 'id',
          byDefault: (rows) => rows.orderBy('id', 'desc'),
        },
      ),
    page,
  );
}

/** Members of a site by id; ids of other sites or unknown ones are left out. */
export async function findMembersByIds(db: Db, siteId: number, memberIds: ReadonlyArray<bigint>) {
  if (memberIds.length === 0) {
    return [];
  }
  return db
    .selectFrom('members')
    .select(['id', 'username', 'phone', 'status', 'created_at', 'last_login_at'])
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(memberIds)])
    .execute();
}

/** How many members registered on the site per calendar day of `range`. */
export async function registrationsPerDay(db: Db, siteId: number, range: DayRange) {
  return db
    .selectFrom('members')
    .select([localDayOf('created_at', range.timeZone).as('day'), sql<bigint>`count(*)::int8`.as('count')])
    .where('site_id', '=', siteId)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .groupBy(sql`1`)
    .execute();
}
