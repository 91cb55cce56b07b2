import { CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

/**
 * Statements a hot path runs on every call (a ledger movement). Each connection parses and plans
 * one once, under its name, then only binds and executes it: on PostgreSQL the server skips the
 * parse and plan, on PGlite one call into the engine replaces six. Both dialects look a query's
 * text up here; any other query runs as before.
 */
const namesByText = new Map<string, string>();

/** The name a prepared statement's text was registered under, or undefined for any other query. */
export function preparedStatementName(text: string): string | undefined {
  return namesByText.get(text);
}

/**
 * Registers `text` (positional `$n` parameters, each cast to its type) under `name`; the
 * returned function runs it on `db` or a transaction with `parameters` in order.
 */
export function preparedStatement<R>(name: string, text: string) {
  if (!/^[a-z_]+$/.test(name) || [...namesByText.values()].includes(name) || namesByText.has(text)) {
    throw new Error(`db: prepared statement ${name} is malformed or registered twice`);
  }
  namesByText.set(text, name);
  return async (db: Db, parameters: ReadonlyArray<unknown>): Promise<R[]> =>
    (await db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows;
}
