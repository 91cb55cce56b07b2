import type { Generated } from 'kysely';
import type { AuthTables } from '../auth/tables.ts';
import type { CashierTables } from '../cashier/tables.ts';
import type { IdentityTables } from '../identity/tables.ts';
import type { LedgerTables } from '../ledger/tables.ts';
import type { SiteTables } from '../site/tables.ts';

/** Row types of every table, as Kysely sees them. Each domain declares and owns its own tables. */
export interface Database extends SiteTables, AuthTables, LedgerTables, CashierTables, IdentityTables {
  schema_migrations: { id: string; applied_at: Generated<Date> };
}
