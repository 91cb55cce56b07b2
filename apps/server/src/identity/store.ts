import type { IdentityReviewSortKey, SortRequest } from '@site/contract';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import { fetchPage, orderByKey, type PageRequest } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';
import type { MemberIdentitiesTable } from './tables.ts';

type Executor = Db | Transaction<Database>;

export type IdentityRow = Selectable<MemberIdentitiesTable>;

export async function findIdentity(db: Executor, memberId: bigint): Promise<IdentityRow | undefined> {
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

/** A member's submission with its verdict, or pending (no verdict) for staff to decide. */
export type NewSubmission = Pick<
  IdentityRow,
  'member_id' | 'site_id' | 'real_name' | 'id_number' | 'status' | 'reason' | 'submitted_at' | 'reviewed_at'
>;

/**
 * Writes the member's submission; a rejected one is replaced by the new one, which counts as the
 * member's next submission. The caller refuses a resubmission unless the last was rejected.
 */
export async function saveIdentity(db: Db, row: NewSubmission): Promise<IdentityRow> {
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
        submission_no: sql<number>`member_identities.submission_no + 1`,
        reviewer_operator_id: null,
        reviewer_username: null,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A staff decision on the named submission, only while it is still pending: undefined when it is
 * not (another reviewer decided first, or the member resubmitted), so exactly one decision wins.
 */
export async function decideIdentity(
  db: Executor,
  target: { siteId: number; memberId: bigint; submissionNo: number },
  decision: {
    status: 'approved' | 'rejected';
    reason: string;
    at: Date;
    reviewer: { operatorId: bigint; username: string };
  },
): Promise<IdentityRow | undefined> {
  return db
    .updateTable('member_identities')
    .set({
      status: decision.status,
      reason: decision.reason,
      reviewed_at: decision.at,
      reviewer_operator_id: decision.reviewer.operatorId,
      reviewer_username: decision.reviewer.username,
    })
    .where('site_id', '=', target.siteId)
    .where('member_id', '=', target.memberId)
    .where('submission_no', '=', target.submissionNo)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** A site's verifications, of one status and one member if named: pending oldest first, else newest first. */
const identitySortColumns = {
  submittedAt: 'submitted_at',
  reviewedAt: 'reviewed_at',
} as const satisfies Record<IdentityReviewSortKey, keyof MemberIdentitiesTable>;

export async function pageIdentities(
  db: Db,
  filter: { siteId: number; status?: IdentityRow['status'] | undefined; memberId?: bigint | undefined },
  page: PageRequest,
  sort: SortRequest<IdentityReviewSortKey> = {},
) {
  let query = db.selectFrom('member_identities').where('site_id', '=', filter.siteId);
  if (filter.status) {
    query = query.where('status', '=', filter.status);
  }
  if (filter.memberId !== undefined) {
    query = query.where('member_id', '=', filter.memberId);
  }
  const direction = filter.status === 'pending' ? 'asc' : 'desc';
  return fetchPage(
    query,
    (filtered) =>
      orderByKey(filtered.selectAll(), sort, {
        columns: identitySortColumns,
        tiebreak: 'member_id',
        byDefault: (rows) => rows.orderBy('submitted_at', direction).orderBy('member_id', direction),
      }),
    page,
  );
}

/** Whether staff decide the site's verifications; undefined when the site never set it. */
export async function findReviewRule(db: Db, siteId: number): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('identity_review_rules')
    .select('is_manual_review')
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row?.is_manual_review;
}

export async function upsertReviewRule(
  db: Executor,
  rule: { siteId: number; isManualReview: boolean; at: Date },
): Promise<void> {
  await db
    .insertInto('identity_review_rules')
    .values({ site_id: rule.siteId, is_manual_review: rule.isManualReview, updated_at: rule.at })
    .onConflict((conflict) =>
      conflict.column('site_id').doUpdateSet({ is_manual_review: rule.isManualReview, updated_at: rule.at }),
    )
    .execute();
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
