import type { Generated } from 'kysely';

/**
 * Row types of every table, as Kysely sees them. `db/` knows no domain: each domain declares and
 * owns its tables in its `tables.ts`, which adds them to this interface (module augmentation).
 */
export interface Database {
  schema_migrations: { id: string; applied_at: Generated<Date> };
}
