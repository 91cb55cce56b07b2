import { setTimeout } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { runEvery } from './periodic.ts';

/** Autovacuum's defaults: a table is analysed past 50 + 10 % and vacuumed past 50 + 20 % of its rows. */
const baseThreshold = 50;
const analyzeScale = 0.1;
const vacuumScale = 0.2;

interface TableActivity {
  name: string;
  live: bigint;
  modifiedSinceAnalyze: bigint;
  dead: bigint;
}

/** What a pass does to one table: nothing, analyse it, or vacuum and analyse it. */
export function upkeepOf(table: TableActivity): 'vacuum' | 'analyze' | undefined {
  const rows = Number(table.live);
  if (Number(table.dead) > baseThreshold + vacuumScale * rows) {
    return 'vacuum';
  }
  if (Number(table.modifiedSinceAnalyze) > baseThreshold + analyzeScale * rows) {
    return 'analyze';
  }
  return undefined;
}

/**
 * PGlite runs one statement at a time, and an analysis holds it for tens of milliseconds: analysed
 * back to back, several would land between the transactions of one request and add up. Kept apart
 * by this long, a request meets one at most.
 */
const tablePauseMs = 200;

/**
 * One pass of autovacuum's work on this schema's tables: each one that changed enough since its
 * last analysis is analysed (vacuumed first when dead rows piled up). With `spaced`, the tables are
 * kept `tablePauseMs` apart, and the pass ends early once its signal aborts. Answers the tables it
 * kept.
 */
export async function maintainTables(db: Db, spaced?: { signal: AbortSignal }): Promise<string[]> {
  // The counters this reads are the session's own until flushed, which waits for a quiet moment.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<TableActivity>`
    select relname as name, n_live_tup as live, n_mod_since_analyze as "modifiedSinceAnalyze",
      n_dead_tup as dead
    from pg_stat_user_tables where schemaname = current_schema() order by relname`.execute(db);
  const kept: string[] = [];
  for (const table of rows) {
    const upkeep = upkeepOf(table);
    if (!upkeep) {
      continue;
    }
    if (spaced && kept.length > 0) {
      await setTimeout(tablePauseMs, undefined, { signal: spaced.signal }).catch(() => undefined);
    }
    if (spaced?.signal.aborted) {
      break;
    }
    if (upkeep === 'vacuum') {
      await sql`vacuum (analyze) ${sql.table(table.name)}`.execute(db);
    } else {
      await sql`analyze ${sql.table(table.name)}`.execute(db);
    }
    kept.push(table.name);
  }
  return kept;
}

/**
 * PGlite runs no autovacuum. Without it the planner never learns how far a table grew, so plans
 * cached while the tables were small (sequential scans) stay in use: a wallet call that looks a
 * row up by its unique key comes to read the whole table, and a draw's settlement slows down with
 * every ticket. This runs autovacuum's passes for the embedded database every `intervalMs` (a pass
 * still running skips the next), its tables spaced apart; a failed pass is retried by the next one.
 * `stop` ends a pass under way after the table it is keeping.
 */
export function startEmbeddedMaintenance(db: Db, intervalMs: number) {
  const stopping = new AbortController();
  const passes = runEvery(
    intervalMs,
    () => maintainTables(db, { signal: stopping.signal }),
    () => undefined,
  );
  return {
    async stop() {
      stopping.abort();
      await passes.stop();
    },
  };
}
