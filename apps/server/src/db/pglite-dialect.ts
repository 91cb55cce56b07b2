import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { type PGlite, parse, protocol } from '@electric-sql/pglite';
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
import { preparedStatementName } from './prepared.ts';

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

/**
 * PGlite answers in promise callbacks only, so callers that queue query after query (a busy node's
 * requests, a settlement) can run for seconds without the event loop taking a turn: timers (the
 * draw cycle, the embedded upkeep) and sockets would wait all that time. The lock lets the loop
 * turn when it has not for this long.
 */
const eventLoopTurnMs = 10;

class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  private tail: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;
  private lastTurnAt = performance.now();

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
    if (performance.now() - this.lastTurnAt > eventLoopTurnMs) {
      await eventLoopTurn();
      this.lastTurnAt = performance.now();
    }
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
  /** The prepared statements this session has parsed: it keeps them until it closes. */
  private readonly parsed = new Set<string>();

  constructor(private readonly database: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const name = preparedStatementName(compiledQuery.sql);
    if (name !== undefined) {
      return this.executePrepared<R>(name, compiledQuery);
    }
    // Parameterless SQL goes through the simple protocol so a migration may hold several statements.
    const result =
      compiledQuery.parameters.length === 0
        ? (await this.database.exec(compiledQuery.sql)).at(-1)
        : await this.database.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return resultOf<R>(result);
  }

  /** Bind, describe, execute and sync in one message, after parsing the statement once. */
  private async executePrepared<R>(name: string, compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { serialize } = protocol;
    if (!this.parsed.has(name)) {
      await this.database.execProtocol(
        concatenated([serialize.parse({ name, text: compiledQuery.sql }), serialize.sync()]),
      );
      this.parsed.add(name);
    }
    const { messages } = await this.database.execProtocol(
      concatenated([
        serialize.bind({ statement: name, values: compiledQuery.parameters.map(parameterText) }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return resultOf<R>(parse.parseResults(messages, this.database.parsers)[0]);
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}

function resultOf<R>(result: { rows: unknown[]; affectedRows?: number } | undefined): QueryResult<R> {
  const affected = result?.affectedRows;
  return {
    rows: (result?.rows ?? []) as R[],
    ...(affected === undefined ? {} : { numAffectedRows: BigInt(affected) }),
  };
}

function concatenated(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/** A parameter in the text format, as PGlite's own serializers write it; the statement casts each. */
function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  switch (typeof value) {
    case 'string':
      return value;
    case 'bigint':
    case 'number':
      return value.toString();
    case 'boolean':
      return value ? 't' : 'f';
    default:
      if (value instanceof Date) {
        return value.toISOString();
      }
      throw new Error(`db: a prepared statement parameter of type ${typeof value} has no text format`);
  }
}
