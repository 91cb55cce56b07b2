import type { RouteResponse } from '@site/contract';

type FeeRule = RouteResponse<'adminWithdrawFee'>;

function isZero(amount: string): boolean {
  return /^0+(\.0+)?$/.test(amount.trim());
}

/** The fee rule in words: 1.5% + 2.00 元，最高 50.00 元 / 免手续费. */
export function feeRuleText(rule: FeeRule): string {
  const parts: string[] = [];
  if (rule.rateBps > 0) {
    parts.push(`${(rule.rateBps / 100).toFixed(2).replace(/\.?0+$/, '')}%`);
  }
  if (!isZero(rule.fixedAmount)) {
    parts.push(`${rule.fixedAmount} 元`);
  }
  if (parts.length === 0) {
    return '免手续费';
  }
  const cap = isZero(rule.capAmount) ? '不封顶' : `最高 ${rule.capAmount} 元`;
  return `每笔 ${parts.join(' + ')}，${cap}`;
}
