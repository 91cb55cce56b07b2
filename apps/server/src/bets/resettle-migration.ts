/**
 * Resettlement of a bet record after its venue corrected a result (BetService.resettle):
 * `audited_fen` is the valid turnover the turnover audit has counted for the bet once a
 * resettlement changed its valid turnover, the most it has had; null before, while the audit has
 * counted `valid_fen` as the settlement (`bet_close`) did.
 */
export const betResettleMigration = {
  id: '0061_bet_records_resettle',
  sql: `
alter table bet_records
  add column audited_fen bigint,
  add constraint bet_records_audited check (audited_fen is null or audited_fen between valid_fen and stake_fen);
`,
};
