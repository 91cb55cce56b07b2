import {
  type IdentityStatusView,
  identityRules,
  type identitySubmitBodySchema,
  maskIdNumber,
  maskRealName,
  residentIdAgeYears,
} from '@site/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../app-error.ts';
import { createIdentityReview, type IdentityReviewDeps } from './review.ts';
import * as store from './store.ts';

export type IdentityService = ReturnType<typeof createIdentityService>;

/** Who is asking: the member the auth guard let through. */
export interface IdentityPrincipal {
  memberId: bigint;
  siteId: number;
}

const idNumberTakenText = '该证件号已被其他账户使用';
const underageReason = `未满${identityRules.adultAgeYears}周岁，不能完成实名认证`;

function present(row: store.IdentityRow | undefined): IdentityStatusView {
  if (!row) {
    return {
      status: 'none',
      realName: null,
      idNumber: null,
      reason: '',
      submittedAt: null,
      reviewedAt: null,
    };
  }
  return {
    status: row.status,
    realName: maskRealName(row.real_name),
    idNumber: maskIdNumber(row.id_number),
    reason: row.reason,
    submittedAt: row.submitted_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}

/** PostgreSQL's unique violation on the one-account-per-ID index, on either driver. */
function isIdNumberTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) {
    return false;
  }
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return (
    code === '23505' && `${String(constraint ?? '')} ${String(message ?? '')}`.includes('one_account_per_id')
  );
}

/**
 * Real-name verification. The contract schema has checked the name and the GB 11643 checksum;
 * a minor is rejected at once with the reason. An adult's submission waits for staff in the
 * review queue, unless the site (in sandbox mode only) lets the sandbox verifier approve it at once.
 */
export function createIdentityService(deps: IdentityReviewDeps) {
  const review = createIdentityReview(deps);
  return {
    /** The staff side: the review queue, decisions and the site's review rule. */
    review,
    /** The member's approved real name, unmasked, or undefined until verification is approved. */
    async verifiedRealNameOf(memberId: bigint): Promise<string | undefined> {
      const row = await store.findIdentity(deps.db, memberId);
      return row?.status === 'approved' ? row.real_name : undefined;
    },
    /** For staff search: members who submitted this real name. */
    membersWithRealName: (siteId: number, realName: string, limit: number) =>
      store.membersWithRealName(deps.db, siteId, realName, limit),
    async status(principal: IdentityPrincipal): Promise<IdentityStatusView> {
      return present(await store.findIdentity(deps.db, principal.memberId));
    },
    async submit(
      principal: IdentityPrincipal,
      body: z.output<typeof identitySubmitBodySchema>,
    ): Promise<IdentityStatusView> {
      const existing = await store.findIdentity(deps.db, principal.memberId);
      if (existing && existing.status !== 'rejected') {
        throw new AppError(10001, '已提交实名认证，无需重复提交');
      }
      if (await store.findIdNumberHolder(deps.db, principal.siteId, body.idNumber, principal.memberId)) {
        throw validationError('idNumber', idNumberTakenText);
      }
      const now = new Date(deps.clock.now());
      const isAdult = residentIdAgeYears(body.idNumber, deps.clock.now()) >= identityRules.adultAgeYears;
      const isDecidedNow = !isAdult || !(await review.isManualReview(principal.siteId));
      try {
        const saved = await store.saveIdentity(deps.db, {
          member_id: principal.memberId,
          site_id: principal.siteId,
          real_name: body.realName,
          id_number: body.idNumber,
          status: isDecidedNow ? (isAdult ? 'approved' : 'rejected') : 'pending',
          reason: isAdult ? '' : underageReason,
          submitted_at: now,
          reviewed_at: isDecidedNow ? now : null,
        });
        return present(saved);
      } catch (error) {
        if (isIdNumberTaken(error)) {
          throw validationError('idNumber', idNumberTakenText);
        }
        throw error;
      }
    },
  };
}
