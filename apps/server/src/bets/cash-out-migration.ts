/**
 * 提前结算: a bet its venue closed early at a cash-out offer. Its payout is the offer; the flag
 * tells 投注记录 and 注单查询 that it was not settled on the result.
 */
export const betCashOutMigration = {
  id: '0041_bet_records_cash_out',
  sql: `
alter table bet_records
  add column is_cashed_out boolean not null default false,
  add constraint bet_records_cashed_out_settled check (not is_cashed_out or status in ('win', 'lose', 'draw'));
`,
};
