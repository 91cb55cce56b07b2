import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database.ts';

const opened: Db[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

describe('the embedded database driver', () => {
  it('lets timers run while callers keep it busy with query after query', async () => {
    const db = await openDatabase({ kind: 'pglite' }, []);
    opened.push(db);
    const queriesMax = 5_000;
    let queries = 0;
    let hasTimerRun = false;
    setTimeout(() => {
      hasTimerRun = true;
    }, 0);
    // Eight callers each chaining queries, as a busy node's requests or a settlement do: without a
    // turn of the event loop the timer would only run once all of them are done.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (!hasTimerRun && queries < queriesMax) {
          queries += 1;
          await sql`select 1`.execute(db);
        }
      }),
    );
    expect(hasTimerRun).toBe(true);
    expect(queries).toBeLessThan(queriesMax);
  });
});
