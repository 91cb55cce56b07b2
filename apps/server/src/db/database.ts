import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import pg from 'pg';
import type { Migration } from './migrations.ts';
import { PgliteDialect } from './pglite-dialect.ts';
import { preparedStatementName } from './prepared.ts';
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
  const db = new Kysely<Database>({ dialect: new PgliteDialect(database) });
  embeddedDatabases.add(db);
  return db;
}

/** The databases opened on PGlite: one node, one connection. */
const embeddedDatabases = new WeakSet<Db>();

/** Whether `db` runs one statement at a time (PGlite), rather than as many as its pool lends. */
export function runsStatementsOneAtATime(db: Db): boolean {
  return embeddedDatabases.has(db);
}

/**
 * The arguments of a PostgreSQL advisory lock on `key` within the current schema: advisory locks
 * are the whole database's, and a deployment (or a test) in another schema of the same database
 * must not hold this one's scheduled work or migrations.
 */
const schemaLock = (key: number) => sql`hashtext(current_schema()), ${key}`;

/**
 * Runs `work` if this node holds the advisory lock `key` (scheduled work runs on one node); false,
 * without running it, while another node holds it. On PostgreSQL a transaction of its own holds
 * the lock for the run, so a node that dies lets it go, and `work` uses the pool's other
 * connections; the lock is the schema's (`schemaLock`), so sites in other schemas of the same
 * database keep their own. PGlite serves one node, which always holds it (and whose only
 * connection that transaction would take).
 */
export async function runHoldingLock(db: Db, key: number, work: () => Promise<void>): Promise<boolean> {
  if (embeddedDatabases.has(db)) {
    await work();
    return true;
  }
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<{
      held: boolean;
    }>`select pg_try_advisory_xact_lock(${schemaLock(key)}) as held`.execute(tx);
    if (rows[0]?.held !== true) {
      return false;
    }
    await work();
    return true;
  });
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
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
}

/**
 * The pool as Kysely sees it, its clients running a registered prepared statement under its name:
 * `pg` then parses it once per connection and afterwards only binds and executes it.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrapped = (client: pg.PoolClient): PostgresPoolClient => ({
    // Kysely passes a cursor only to stream a query, and no dialect here is given a cursor class.
    query: ((text: string, values: unknown[]) => {
      const name = preparedStatementName(text);
      return name === undefined ? client.query(text, values) : client.query({ name, text, values });
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    connect: async () => {
      const client = await pool.connect();
      let known = clients.get(client);
      if (!known) {
        known = wrapped(client);
        clients.set(client, known);
      }
      return known;
    },
    end: () => pool.end(),
  };
}

/**
 * Applies pending migrations (the composition root's list, or a prefix of it when a test stops at
 * an earlier schema) in one transaction under an advisory lock, so nodes may start together.
 */
export async function migrate(db: Db, schema: ReadonlyArray<Migration>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${schemaLock(727_001)})`.execute(tx);
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
