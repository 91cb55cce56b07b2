import { AppError, validationError } from '../app-error.ts';
import type { CashierContext, MemberRef } from './context.ts';
import * as store from './store.ts';

/** Six digits that are neither one repeated digit nor a run like 123456 / 654321. */
function assertStrongEnough(fundsPassword: string, confirmFundsPassword: string): void {
  if (fundsPassword !== confirmFundsPassword) {
    throw validationError('confirmFundsPassword', '两次输入的资金密码不一致');
  }
  const isRepeated = /^(\d)\1+$/.test(fundsPassword);
  const isRun = '01234567890'.includes(fundsPassword) || '09876543210'.includes(fundsPassword);
  if (isRepeated || isRun) {
    throw validationError('fundsPassword', '过于简单，请勿使用重复或连续的数字');
  }
}

/** Whether the member has set a funds password (withdrawals need one). */
export async function hasFundsPassword(ctx: CashierContext, member: MemberRef): Promise<boolean> {
  return Boolean((await store.findSettings(ctx.db, member.memberId))?.funds_password_hash);
}

export async function setFundsPassword(
  ctx: CashierContext,
  member: MemberRef,
  body: { fundsPassword: string; confirmFundsPassword: string },
): Promise<void> {
  assertStrongEnough(body.fundsPassword, body.confirmFundsPassword);
  if (await hasFundsPassword(ctx, member)) {
    throw new AppError(10001, '资金密码已设置，如需更改请使用修改资金密码');
  }
  const passwordHash = await ctx.hasher.hash(body.fundsPassword);
  await store.upsertFundsPassword(ctx.db, member, passwordHash, new Date(ctx.clock.now()));
}

export async function changeFundsPassword(
  ctx: CashierContext,
  member: MemberRef,
  body: { oldFundsPassword: string; fundsPassword: string; confirmFundsPassword: string },
): Promise<void> {
  assertStrongEnough(body.fundsPassword, body.confirmFundsPassword);
  await verifyFundsPassword(ctx, member, body.oldFundsPassword, '原资金密码错误');
  const passwordHash = await ctx.hasher.hash(body.fundsPassword);
  await store.upsertFundsPassword(ctx.db, member, passwordHash, new Date(ctx.clock.now()));
}

/** Five wrong funds passwords in a row lock it for 30 minutes: six digits fall to guessing otherwise. */
export const fundsPasswordPolicy = { failuresMax: 5, lockMs: 30 * 60_000 } as const;

export async function verifyFundsPassword(
  ctx: CashierContext,
  member: MemberRef,
  fundsPassword: string,
  wrongMessage = '资金密码错误',
): Promise<void> {
  const settings = await store.findSettings(ctx.db, member.memberId);
  if (!settings?.funds_password_hash) {
    throw new AppError(10001, '请先设置资金密码');
  }
  const nowMs = ctx.clock.now();
  if (settings.funds_password_locked_until && settings.funds_password_locked_until.getTime() > nowMs) {
    throw new AppError(10001, '资金密码错误次数过多，请30分钟后再试');
  }
  if (!(await ctx.hasher.verify(settings.funds_password_hash, fundsPassword))) {
    await store.recordFundsPasswordFailure(ctx.db, member.memberId, {
      failuresMax: fundsPasswordPolicy.failuresMax,
      lockedUntil: new Date(nowMs + fundsPasswordPolicy.lockMs),
    });
    throw new AppError(10001, wrongMessage);
  }
  await store.clearFundsPasswordFailures(ctx.db, member.memberId);
}
