/** What each ledger account kind holds, as the dashboard names it. */
const ledgerKindNames: Record<string, string> = {
  member_main: '会员主钱包',
  member_venue: '会员场馆钱包',
  member_withdrawal_hold: '提现冻结',
  member_bonus: '会员红利钱包',
  house: '平台账户',
  venue: '场馆账户',
  external: '外部通道',
};

export function ledgerKindName(kind: string): string {
  return ledgerKindNames[kind] ?? kind;
}
