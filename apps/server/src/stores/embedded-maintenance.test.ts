import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database.ts';
import { maintainTables, upkeepOf } from './embedded-maintenance.ts';

const opened: Db[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

async function embedded(): Promise<Db> {
  const db = await openDatabase({ kind: 'pglite' }, []);
  opened.push(db);
  await sql`create table tickets (id integer primary key, note text not null)`.execute(db);
  return db;
}

const reltuplesOf = async (db: Db) =>
  (await sql<{ reltuples: number }>`select reltuples from pg_class where relname = 'tickets'`.execute(db))
    .rows[0]?.reltuples;

describe('embedded database upkeep', () => {
  it("takes autovacuum's thresholds: 50 rows plus 10 % changed to analyse, plus 20 % dead to vacuum", () => {
    const table = { name: 't', live: 1000n, modifiedSinceAnalyze: 0n, dead: 0n };
    expect(upkeepOf(table)).toBeUndefined();
    expect(upkeepOf({ ...table, modifiedSinceAnalyze: 150n })).toBeUndefined();
    expect(upkeepOf({ ...table, modifiedSinceAnalyze: 151n })).toBe('analyze');
    expect(upkeepOf({ ...table, dead: 250n })).toBeUndefined();
    expect(upkeepOf({ ...table, dead: 251n, modifiedSinceAnalyze: 251n })).toBe('vacuum');
    expect(upkeepOf({ ...table, live: 0n, modifiedSinceAnalyze: 51n })).toBe('analyze');
  });

  it('analyses a table that grew, so the planner knows its size, and leaves it alone until it changes again', async () => {
    const db = await embedded();
    await sql`insert into tickets select i, 'n' || i from generate_series(1, 5000) i`.execute(db);
    expect(await reltuplesOf(db)).toBeLessThan(0);

    expect(await maintainTables(db)).toContain('tickets');
    expect(await reltuplesOf(db)).toBe(5000);
    expect(await maintainTables(db)).not.toContain('tickets');

    // A point lookup planned generically (as PL/pgSQL caches it) uses the key once the size is known.
    await sql`prepare lookup(integer) as select note from tickets where id = $1`.execute(db);
    await sql`set plan_cache_mode = force_generic_plan`.execute(db);
    const plan = await sql<{ 'QUERY PLAN': string }>`explain execute lookup(42)`.execute(db);
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('Index Scan');
  });

  it('vacuums a table whose rows were mostly updated', async () => {
    const db = await embedded();
    await sql`insert into tickets select i, 'n' || i from generate_series(1, 1000) i`.execute(db);
    await maintainTables(db);
    await sql`update tickets set note = note || '!'`.execute(db);
    expect(await maintainTables(db)).toContain('tickets');
    const { rows } = await sql<{ dead: bigint }>`
      select n_dead_tup as dead from pg_stat_user_tables where relname = 'tickets'`.execute(db);
    expect(rows[0]?.dead).toBe(0n);
  });

  it('spaces its tables apart and stops between them once its signal aborts', async () => {
    const db = await embedded();
    await sql`create table draws (id integer primary key)`.execute(db);
    await sql`insert into tickets select i, 'n' || i from generate_series(1, 1000) i`.execute(db);
    await sql`insert into draws select i from generate_series(1, 1000) i`.execute(db);

    const stopped = new AbortController();
    stopped.abort();
    expect(await maintainTables(db, { signal: stopped.signal })).toEqual([]);
    expect(await maintainTables(db, { signal: new AbortController().signal })).toEqual(['draws', 'tickets']);
  });
});
