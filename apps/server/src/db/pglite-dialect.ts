import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely over PGlite. PGlite serves one query at a time, so the dialect has exactly one
 * connection guarded by a FIFO lock: a transaction holds it from BEGIN to COMMIT, so no
 * other query can run inside (or see) another caller's open transaction.
 */
export class PgliteDialect implements Dialect {
  constructor(private readonly database: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteDriver(this.database);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  private tail: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  constructor(private readonly database: PGlite) {
    this.connection = new PgliteConnection(database);
  }

  async init(): Promise<void> {
    await this.database.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.tail;
    if (!this.database.closed) {
      await this.database.close();
    }
  }
}

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly database: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Parameterless SQL goes through the simple protocol so a migration may hold several statements.
    const result =
      compiledQuery.parameters.length === 0
        ? (await this.database.exec(compiledQuery.sql)).at(-1)
        : await this.database.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const affected = result?.affectedRows;
    return {
      rows: (result?.rows ?? []) as R[],
      ...(affected === undefined ? {} : { numAffectedRows: BigInt(affected) }),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}
