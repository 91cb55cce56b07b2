import { ApiError, operatorRolePermissions } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { isChangedElsewhere, mayChangeRule, reviewerText, reviewRuleText } from './identity-review.ts';

describe('reviewerText', () => {
  it('names the staff member, the sandbox verifier, or nobody while pending', () => {
    expect(reviewerText({ status: 'approved', reviewer: 'kyc1' })).toBe('kyc1');
    expect(reviewerText({ status: 'approved', reviewer: null })).toBe('自动审核');
    expect(reviewerText({ status: 'pending', reviewer: null })).toBe('-');
  });
});

describe('review rule', () => {
  const sandboxManual = { isManualReview: true, isAutoReviewAvailable: true };
  const production = { isManualReview: true, isAutoReviewAvailable: false };

  it('says whether staff or the sandbox verifier decide', () => {
    expect(reviewRuleText(sandboxManual)).toContain('人工审核');
    expect(reviewRuleText({ isManualReview: false, isAutoReviewAvailable: true })).toContain('自动审核');
  });

  it('lets only 站点管理员 and 超级管理员 switch it, and nobody outside sandbox mode', () => {
    expect(mayChangeRule(sandboxManual, operatorRolePermissions.site_admin)).toBe(true);
    expect(mayChangeRule(sandboxManual, operatorRolePermissions.super_admin)).toBe(true);
    expect(mayChangeRule(sandboxManual, operatorRolePermissions.risk)).toBe(false);
    expect(mayChangeRule(production, operatorRolePermissions.super_admin)).toBe(false);
  });
});

describe('isChangedElsewhere', () => {
  it('is true for a business refusal (decided by another reviewer), not for bad input or transport', () => {
    expect(
      isChangedElsewhere(new ApiError('business', 10001, '该实名认证已由kyc2审核（已通过），不能重复审核')),
    ).toBe(true);
    expect(isChangedElsewhere(new ApiError('business', 10003, '参数错误'))).toBe(false);
    expect(isChangedElsewhere(new ApiError('network', 0, ''))).toBe(false);
  });
});
