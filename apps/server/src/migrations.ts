import { auditMigration, cashierActionsToAuditMigration } from './audit/migration.ts';
import { betCashOutMigration } from './bets/cash-out-migration.ts';
import { betCloseManyMigration, betFunctionsMigration, betsMigration } from './bets/migration.ts';
import { betResettleMigration } from './bets/resettle-migration.ts';
import {
  cashierAdjustmentApprovalMigration,
  cashierCountValidBetMigration,
  cashierCountValidBetsMigration,
  cashierMigration,
  cashierReportDayIndexMigration,
  cashierWithdrawAccountNumberIndexMigration,
  cashierWithdrawFeeMigration,
  cashierWithdrawReviewMigration,
} from './cashier/migration.ts';
import { chatMigration } from './chat/migration.ts';
import type { Migration } from './db/migrations.ts';
import {
  identityMigration,
  identityRealNameIndexMigration,
  identityReviewMigration,
} from './identity/migration.ts';
import {
  ledgerDerivedBalancesMigration,
  ledgerEntryPairsMigration,
  ledgerMemberAvailableMigration,
  ledgerMigration,
  ledgerSettleManyMigration,
} from './ledger/migration.ts';
import { lotteryChaseMigration, lotteryMigration } from './lottery/migration.ts';
import { memberCreatedIndexMigration, memberPhoneIndexMigration } from './member/migration.ts';
import { memberNotesMigration, operatorStaffMigration } from './operator/migration.ts';
import {
  seamlessCallsMigration,
  seamlessCreditManyMigration,
  seamlessMigration,
} from './seamless/migration.ts';
import { authMigration, loginHistoryIpIndexMigration } from './session/migration.ts';
import { siteMigration } from './site/migration.ts';
import { sportsbookCashOutMigration } from './sportsbook/cash-out-migration.ts';
import {
  sportsbookBookSettingsMigration,
  sportsbookLiabilityMigration,
  sportsbookMigration,
} from './sportsbook/migration.ts';
import {
  sportsbookReceivableItemsMigration,
  sportsbookResultsMigration,
} from './sportsbook/results-migration.ts';
import { securityStateMigration } from './stores/security-state.ts';
import { venueMigration, venueSportsbookMigration } from './venue/migration.ts';

/**
 * Schema migrations, applied in order at start, the same SQL on PGlite and PostgreSQL. Each
 * domain keeps its SQL beside its code. A released migration never changes: add a new one.
 */
export const migrations: ReadonlyArray<Migration> = [
  siteMigration,
  authMigration,
  ledgerMigration,
  identityMigration,
  cashierMigration,
  ledgerEntryPairsMigration,
  securityStateMigration,
  ledgerDerivedBalancesMigration,
  cashierWithdrawFeeMigration,
  operatorStaffMigration,
  auditMigration,
  memberPhoneIndexMigration,
  loginHistoryIpIndexMigration,
  identityRealNameIndexMigration,
  memberNotesMigration,
  cashierActionsToAuditMigration,
  cashierWithdrawReviewMigration,
  cashierAdjustmentApprovalMigration,
  identityReviewMigration,
  cashierWithdrawAccountNumberIndexMigration,
  cashierReportDayIndexMigration,
  memberCreatedIndexMigration,
  venueMigration,
  chatMigration,
  betsMigration,
  seamlessMigration,
  cashierCountValidBetMigration,
  ledgerMemberAvailableMigration,
  betFunctionsMigration,
  seamlessCallsMigration,
  lotteryMigration,
  lotteryChaseMigration,
  sportsbookMigration,
  sportsbookCashOutMigration,
  betCashOutMigration,
  sportsbookResultsMigration,
  cashierCountValidBetsMigration,
  betCloseManyMigration,
  ledgerSettleManyMigration,
  seamlessCreditManyMigration,
  sportsbookLiabilityMigration,
  betResettleMigration,
  sportsbookReceivableItemsMigration,
  venueSportsbookMigration,
  sportsbookBookSettingsMigration,
];
