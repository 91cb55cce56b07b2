import type { WithdrawAccount, WithdrawAccountKind, withdrawAccountAddBodySchema } from '@site/contract';
import { cashierLimits } from '@site/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../app-error.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { CashierContext, MemberRef } from './context.ts';
import * as store from './store.ts';

export const banks = [
  { code: 'ICBC', name: '中国工商银行' },
  { code: 'ABC', name: '中国农业银行' },
  { code: 'BOC', name: '中国银行' },
  { code: 'CCB', name: '中国建设银行' },
  { code: 'BOCOM', name: '交通银行' },
  { code: 'CMB', name: '招商银行' },
  { code: 'PSBC', name: '中国邮政储蓄银行' },
  { code: 'CIB', name: '兴业银行' },
  { code: 'CITIC', name: '中信银行' },
  { code: 'SPDB', name: '浦发银行' },
  { code: 'CMBC', name: '中国民生银行' },
  { code: 'CEB', name: '中国光大银行' },
  { code: 'PAB', name: '平安银行' },
  { code: 'HXB', name: '华夏银行' },
  { code: 'CGB', name: '广发银行' },
] as const;

const kindNames = {
  bank: '银行卡',
  alipay: '支付宝',
  wechat: '微信',
  ebpay: 'EBpay',
  koipay: 'KOIpay',
  usdt_trc20: 'USDT-TRC20',
  usdt_erc20: 'USDT-ERC20',
} as const satisfies Record<WithdrawAccountKind, string>;

const phonePattern = /^1[3-9]\d{9}$/;
const emailPattern = /^[^\s@]{1,64}@[^\s@]{1,200}\.[A-Za-z]{2,}$/;

/** Luhn checksum, as every UnionPay debit card number carries. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      digit = digit > 9 ? digit - 9 : digit;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What is wrong with an account number of this kind, or undefined when it is well formed. */
export function accountNumberProblem(kind: WithdrawAccountKind, accountNumber: string): string | undefined {
  switch (kind) {
    case 'bank':
      if (!/^\d{16,19}$/.test(accountNumber)) {
        return '银行卡号须为 16-19 位数字';
      }
      return isLuhnValid(accountNumber) ? undefined : '银行卡号校验失败，请核对';
    case 'alipay':
      return phonePattern.test(accountNumber) || emailPattern.test(accountNumber)
        ? undefined
        : '须为手机号或邮箱';
    case 'wechat':
      return phonePattern.test(accountNumber) || /^[A-Za-z][-_A-Za-z0-9]{5,19}$/.test(accountNumber)
        ? undefined
        : '须为手机号或微信号';
    case 'ebpay':
    case 'koipay':
      return /^[A-Za-z0-9]{6,32}$/.test(accountNumber) ? undefined : '须为 6-32 位字母或数字';
    case 'usdt_trc20':
      return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(accountNumber)
        ? undefined
        : 'TRC20 地址须为 T 开头的 34 位 Base58';
    case 'usdt_erc20':
      return /^0x[0-9a-fA-F]{40}$/.test(accountNumber) ? undefined : 'ERC20 地址须为 0x 加 40 位十六进制';
    default: {
      const unhandled: never = kind;
      throw new Error(`unhandled account kind ${String(unhandled)}`);
    }
  }
}

export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}

export function accountLabel(row: {
  kind: WithdrawAccountKind;
  bank_code: string | null;
  account_number: string;
}) {
  const name = banks.find((bank) => bank.code === row.bank_code)?.name ?? kindNames[row.kind];
  return `${name}(尾号${row.account_number.slice(-4)})`;
}

function presentAccount(row: store.WithdrawAccountRow): WithdrawAccount {
  return {
    id: Number(row.id),
    kind: row.kind,
    bankCode: row.bank_code,
    bankName: banks.find((bank) => bank.code === row.bank_code)?.name ?? null,
    holderName: row.holder_name,
    accountNumber: maskAccountNumber(row.account_number),
    createdAt: row.created_at.toISOString(),
  };
}

export async function listAccounts(ctx: CashierContext, member: MemberRef): Promise<WithdrawAccount[]> {
  return (await store.listWithdrawAccounts(ctx.db, member.memberId)).map(presentAccount);
}

/** Refusal for a member whose real name is not verified (approved) yet: 10001, nothing stored. */
export const realNameRequiredText = '请先完成实名认证，再绑定提现账户';

/**
 * Binds a payout account in the member's verified real name: a member without an approved
 * real-name verification is refused, and a holder name the client sends must equal it.
 */
export async function addAccount(
  ctx: CashierContext,
  member: MemberRef,
  body: z.output<typeof withdrawAccountAddBodySchema>,
): Promise<WithdrawAccount> {
  const realName = await ctx.verifiedRealNameOf(member.memberId);
  if (realName === undefined) {
    throw new AppError(10001, realNameRequiredText);
  }
  const accountNumber = body.accountNumber.replace(/\s+/g, '');
  const problem = accountNumberProblem(body.kind, accountNumber);
  if (problem) {
    throw validationError('accountNumber', problem);
  }
  const bankCode = bankCodeOf(body.kind, body.bankCode);
  if (body.holderName !== undefined && body.holderName !== realName) {
    throw validationError('holderName', '须与实名认证的姓名一致');
  }
  const existing = await store.listWithdrawAccounts(ctx.db, member.memberId);
  if (existing.length >= cashierLimits.withdrawAccountCountMax) {
    throw new AppError(10001, `最多绑定${cashierLimits.withdrawAccountCountMax}个提现账户`);
  }
  try {
    const row = await store.insertWithdrawAccount(ctx.db, {
      site_id: member.siteId,
      member_id: member.memberId,
      kind: body.kind,
      bank_code: bankCode,
      holder_name: realName,
      account_number: accountNumber,
      created_at: new Date(ctx.clock.now()),
    });
    return presentAccount(row);
  } catch (error) {
    if (isUniqueViolation(error, 'cashier_withdraw_accounts_unique')) {
      throw validationError('accountNumber', '该账户已绑定');
    }
    throw error;
  }
}

function bankCodeOf(kind: WithdrawAccountKind, bankCode: string | undefined): string | null {
  if (kind !== 'bank') {
    return null;
  }
  if (!banks.some((bank) => bank.code === bankCode)) {
    throw validationError('bankCode', '请选择开户银行');
  }
  return bankCode ?? null;
}

export async function deleteAccount(
  ctx: CashierContext,
  member: MemberRef,
  accountId: number,
): Promise<void> {
  if (!(await store.deleteWithdrawAccount(ctx.db, member.memberId, BigInt(accountId)))) {
    throw validationError('id', '提现账户不存在');
  }
}
