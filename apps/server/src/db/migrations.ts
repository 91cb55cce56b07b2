/**
 * A schema migration: applied once, in order, the same SQL on PGlite and PostgreSQL. The list
 * lives in the composition root (`../migrations.ts`), so `db/` imports no domain.
 */
export interface Migration {
  id: string;
  sql: string;
}
