import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Migration } from './migrations.ts';
import { PgliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

const int8TypeId = 20;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

/**
 * Opens the database and applies pending migrations. int8 columns (money, counts) come back as
 * `bigint` on both engines, so no amount is ever a float.
 */
export async function openDatabase(target: DatabaseTarget, schema: ReadonlyArray<Migration>): Promise<Db> {
  const db = target.kind === 'pglite' ? await openPglite(target.dataDir) : openPostgres(target);
  await migrate(db, schema);
  return db;
}

async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
  }
  const database = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    parsers: { [int8TypeId]: (value: string) => BigInt(value) },
  });
  return new Kysely<Database>({ dialect: new PgliteDialect(database) });
}

function openPostgres(target: { url: string; schema?: string; poolSize?: number }): Db {
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    types: {
      getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
        typeId === int8TypeId
          ? (value: string) => BigInt(value)
          : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
    },
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Applies pending migrations (the composition root's list, or a prefix of it when a test stops at
 * an earlier schema) in one transaction under an advisory lock, so nodes may start together.
 */
export async function migrate(db: Db, schema: ReadonlyArray<Migration>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(727001)`.execute(tx);
    await sql`create table if not exists schema_migrations (
      id text primary key,
      applied_at timestamptz not null default now()
    )`.execute(tx);
    const applied = new Set(
      (await tx.selectFrom('schema_migrations').select('id').execute()).map((row) => row.id),
    );
    for (const migration of schema) {
      if (applied.has(migration.id)) {
        continue;
      }
      await sql.raw(migration.sql).execute(tx);
      await tx.insertInto('schema_migrations').values({ id: migration.id }).execute();
    }
  });
}

/** One statement on a connection of its own, outside any pool: creating or dropping a schema. */
export async function adminQuery(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
