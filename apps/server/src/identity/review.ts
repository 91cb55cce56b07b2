import {
  type IdentityReviewEntry,
  type identityReviewQuerySchema,
  type identityReviewRuleSchema,
  residentIdAgeYears,
} from '@site/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../app-error.ts';
import type { AuditLog } from '../audit/service.ts';
import type { Db } from '../db/database.ts';
import type { OperatorPrincipal } from '../http/access.ts';
import type { MemberService } from '../member/service.ts';
import type { Clock } from '../stores/clock.ts';
import * as store from './store.ts';

/** What staff review needs beside the identity tables; the composition root hands these in. */
export interface IdentityReviewDeps {
  db: Db;
  clock: Clock;
  /** Outside sandbox mode no automatic verifier exists: every submission waits for staff. */
  isSandboxMode: boolean;
  audit: Pick<AuditLog, 'record'>;
  members: Pick<MemberService, 'findByUsername' | 'summariesOf'>;
}

type ReviewTarget = { memberId: number; submissionNo: number };
type ReviewRule = z.infer<typeof identityReviewRuleSchema>;

const decidedTexts = { approved: '已通过', rejected: '已拒绝', pending: '待审核' } as const;
const missingText = '实名认证记录不存在';

function presentEntry(row: store.IdentityRow, username: string, nowMs: number): IdentityReviewEntry {
  return {
    memberId: Number(row.member_id),
    username,
    submissionNo: row.submission_no,
    realName: row.real_name,
    idNumber: row.id_number,
    ageYears: residentIdAgeYears(row.id_number, nowMs),
    status: row.status,
    reason: row.reason,
    submittedAt: row.submitted_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    reviewer: row.reviewer_username,
  };
}

/** Why a decision found nothing pending to decide: the member resubmitted, or someone decided first. */
function refusalFor(row: store.IdentityRow | undefined, actor: OperatorPrincipal, target: ReviewTarget) {
  if (!row || row.site_id !== actor.siteId) {
    return validationError('memberId', missingText);
  }
  if (row.submission_no !== target.submissionNo) {
    return new AppError(10001, '会员已重新提交实名认证，请刷新列表后审核最新提交');
  }
  const decider = row.reviewer_username ?? '系统自动审核';
  return new AppError(10001, `该实名认证已由${decider}审核（${decidedTexts[row.status]}），不能重复审核`);
}

/**
 * The review queue (实名审核): staff list the site's verifications and decide pending ones. A
 * decision is one conditional update on the submission the reviewer saw, with its audit entry in
 * the same transaction: of two reviewers, one wins and the other is told who decided.
 */
export function createIdentityReview(deps: IdentityReviewDeps) {
  const usernameOf = async (siteId: number, memberId: bigint) =>
    (await deps.members.summariesOf(siteId, [memberId])).get(memberId)?.username;

  const isManualReview = async (siteId: number): Promise<boolean> =>
    !deps.isSandboxMode || ((await store.findReviewRule(deps.db, siteId)) ?? false);

  const rule = async (siteId: number): Promise<ReviewRule> => ({
    isManualReview: await isManualReview(siteId),
    isAutoReviewAvailable: deps.isSandboxMode,
  });

  async function decide(
    actor: OperatorPrincipal,
    target: ReviewTarget,
    decision: { status: 'approved' | 'rejected'; memberReason: string; auditReason: string },
  ): Promise<IdentityReviewEntry> {
    const memberId = BigInt(target.memberId);
    const username = await usernameOf(actor.siteId, memberId);
    if (username === undefined) {
      throw validationError('memberId', missingText);
    }
    return deps.db.transaction().execute(async (tx) => {
      const decided = await store.decideIdentity(
        tx,
        { siteId: actor.siteId, memberId, submissionNo: target.submissionNo },
        {
          status: decision.status,
          reason: decision.memberReason,
          at: new Date(deps.clock.now()),
          reviewer: { operatorId: actor.operatorId, username: actor.username },
        },
      );
      if (!decided) {
        throw refusalFor(await store.findIdentity(tx, memberId), actor, target);
      }
      const entry = {
        siteId: actor.siteId,
        action: decision.status === 'approved' ? 'identity.approve' : 'identity.reject',
        target: username,
        before: { status: 'pending', submissionNo: target.submissionNo },
        after: { status: decided.status, reason: decided.reason },
        reason: decision.auditReason,
      };
      await deps.audit.record(actor, entry, tx);
      return presentEntry(decided, username, deps.clock.now());
    });
  }

  return {
    isManualReview,

    async list(siteId: number, query: z.output<typeof identityReviewQuerySchema>) {
      const page = { pageNum: query.pageNum, pageSize: query.pageSize };
      let memberId: bigint | undefined;
      if (query.username !== undefined) {
        const member = await deps.members.findByUsername(siteId, query.username);
        if (!member) {
          return { list: [], total: 0, ...page };
        }
        memberId = member.id;
      }
      const { list, total } = await store.pageIdentities(
        deps.db,
        { siteId, status: query.status, memberId },
        page,
        { sortBy: query.sortBy, sortOrder: query.sortOrder },
      );
      const members = await deps.members.summariesOf(
        siteId,
        list.map((row) => row.member_id),
      );
      const nowMs = deps.clock.now();
      return {
        list: list.map((row) => presentEntry(row, members.get(row.member_id)?.username ?? '', nowMs)),
        total,
        ...page,
      };
    },

    approve: (actor: OperatorPrincipal, body: ReviewTarget & { reason: string }) =>
      decide(actor, body, { status: 'approved', memberReason: '', auditReason: body.reason }),

    reject: (actor: OperatorPrincipal, body: ReviewTarget & { reason: string }) =>
      decide(actor, body, { status: 'rejected', memberReason: body.reason, auditReason: body.reason }),

    rule,

    /** Automatic decisions exist only in sandbox mode; elsewhere manual review cannot be switched off. */
    async setRule(actor: OperatorPrincipal, body: { isManualReview: boolean }): Promise<ReviewRule> {
      if (!deps.isSandboxMode && !body.isManualReview) {
        throw validationError('isManualReview', '非沙盒环境下实名认证须由员工审核，不能关闭');
      }
      const before = await isManualReview(actor.siteId);
      await deps.db.transaction().execute(async (tx) => {
        await store.upsertReviewRule(tx, {
          siteId: actor.siteId,
          isManualReview: body.isManualReview,
          at: new Date(deps.clock.now()),
        });
        const entry = {
          siteId: actor.siteId,
          action: 'identity.rule_set',
          target: String(actor.siteId),
          before: { isManualReview: before },
          after: { isManualReview: body.isManualReview },
        };
        await deps.audit.record(actor, entry, tx);
      });
      return rule(actor.siteId);
    },
  };
}
