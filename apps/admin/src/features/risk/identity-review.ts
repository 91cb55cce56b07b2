import { ApiError, ErrorCode, type IdentityReviewEntry, type RouteResponse } from '@site/contract';

type ReviewRule = RouteResponse<'adminIdentityRule'>;

/** Who decided a verification: a staff member, the sandbox verifier, or nobody yet. */
export function reviewerText(entry: Pick<IdentityReviewEntry, 'status' | 'reviewer'>): string {
  if (entry.status === 'pending') {
    return '-';
  }
  return entry.reviewer ?? '自动审核';
}

/** How the site decides verifications, as the review page's header says it. */
export function reviewRuleText(rule: ReviewRule): string {
  if (rule.isManualReview) {
    return '人工审核：会员提交后进入本队列，由员工通过或拒绝';
  }
  return '自动审核（沙盒）：成年人提交后立即通过，未成年人立即拒绝';
}

/** Whether the rule may be switched here: by a holder of identity.settings, and only in sandbox mode. */
export function mayChangeRule(rule: ReviewRule, permissions: ReadonlyArray<string>): boolean {
  return rule.isAutoReviewAvailable && permissions.includes('identity.settings');
}

/**
 * A refusal that means the row changed under the reviewer (decided by someone else, or the member
 * resubmitted): the dialog closes and the table reloads, instead of keeping a form that cannot pass.
 */
export function isChangedElsewhere(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'business' && error.code === ErrorCode.common;
}
