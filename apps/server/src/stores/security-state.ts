import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ExpiringEntry, ExpiringStore } from './cache.ts';
import type { Clock } from './clock.ts';

/**
 * Security state: captcha answers, login and two-factor throttle counters, TOTP replay steps,
 * device-verification tickets, reset codes. It has the cache's shape but none of its eviction:
 * an entry leaves only when it expires or its owner deletes it, so no amount of anonymous
 * cache traffic can erase a lock or a captcha requirement.
 *
 * It lives in the database (PGlite or PostgreSQL), which every node shares, which survives a
 * restart, and which no `maxmemory-policy` of a Redis can trim. Expired rows are invisible to
 * reads at once and deleted by `sweep`, which the stores run periodically.
 */
export interface SecurityStateStore extends ExpiringStore {
  /** As the cache's increment, adding `amount` (1 unless given): counts characters as well as calls. */
  increment(key: string, ttlMs: number, amount?: number): Promise<number>;
  /** The live entries among `keys`, in one round trip. */
  getMany(keys: ReadonlyArray<string>): Promise<Map<string, ExpiringEntry>>;
  /** Deletes every one of `keys`, in one round trip. */
  deleteMany(keys: ReadonlyArray<string>): Promise<void>;
  /** Sets the key only when it holds no live entry; answers whether this call set it. */
  claim(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Takes one off a live counter, never below zero; a missing or expired key stays missing. */
  decrement(key: string): Promise<void>;
  /** Deletes expired entries, in bounded batches; answers how many went. */
  sweep(): Promise<number>;
}

export interface SecurityStateTables {
  security_state: { key: string; value: string; expires_at: Date };
}

export const securityStateMigration = {
  id: '0007_security_state',
  sql: `
create table security_state (
  key text primary key check (length(key) <= 512),
  value text not null,
  expires_at timestamptz not null
);
create index security_state_expiry on security_state (expires_at);
`,
};

/** Rows one statement deletes, so a sweep never holds the (single PGlite) connection long. */
const sweepBatchSize = 5_000;
/** Up to 500,000 rows a sweep, a minute apart. */
const sweepBatchesMax = 100;

export function createDatabaseSecurityState(db: Db, clock: Clock): SecurityStateStore {
  const now = () => new Date(clock.now());
  const entryOf = (row: { value: string; expires_at: Date }): ExpiringEntry => ({
    value: row.value,
    expiresAtMs: row.expires_at.getTime(),
  });
  return {
    async get(key) {
      const row = await db
        .selectFrom('security_state')
        .select(['value', 'expires_at'])
        .where('key', '=', key)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      return row ? entryOf(row) : undefined;
    },
    async getMany(keys) {
      if (keys.length === 0) {
        return new Map();
      }
      const rows = await db
        .selectFrom('security_state')
        .select(['key', 'value', 'expires_at'])
        .where('key', 'in', keys)
        .where('expires_at', '>', now())
        .execute();
      return new Map(rows.map((row) => [row.key, entryOf(row)]));
    },
    async deleteMany(keys) {
      if (keys.length > 0) {
        await db.deleteFrom('security_state').where('key', 'in', keys).execute();
      }
    },
    async set(key, value, ttlMs) {
      const expiresAt = new Date(clock.now() + ttlMs);
      await db
        .insertInto('security_state')
        .values({ key, value, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, expires_at: expiresAt }))
        .execute();
      return { value, expiresAtMs: expiresAt.getTime() };
    },
    async delete(key) {
      await db.deleteFrom('security_state').where('key', '=', key).execute();
    },
    async increment(key, ttlMs, amount = 1) {
      // One statement: the conflicting row is locked, so concurrent increments never lose a count.
      // An expired row restarts at `amount` with a fresh window, as if it had been swept.
      const at = now();
      const row = await db
        .insertInto('security_state')
        .values({ key, value: String(amount), expires_at: new Date(clock.now() + ttlMs) })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            value: sql<string>`case when security_state.expires_at > ${at}
              then (security_state.value::bigint + ${amount})::text else excluded.value end`,
            expires_at: sql<Date>`case when security_state.expires_at > ${at}
              then security_state.expires_at else excluded.expires_at end`,
          }),
        )
        .returning('value')
        .executeTakeFirstOrThrow();
      return Number(row.value);
    },
    async claim(key, value, ttlMs) {
      const expiresAt = new Date(clock.now() + ttlMs);
      const row = await db
        .insertInto('security_state')
        .values({ key, value, expires_at: expiresAt })
        .onConflict((conflict) =>
          conflict
            .column('key')
            .doUpdateSet({ value, expires_at: expiresAt })
            .where('security_state.expires_at', '<=', now()),
        )
        .returning('key')
        .executeTakeFirst();
      return row !== undefined;
    },
    async decrement(key) {
      await db
        .updateTable('security_state')
        .set({ value: sql<string>`greatest(value::bigint - 1, 0)::text` })
        .where('key', '=', key)
        .where('expires_at', '>', now())
        .execute();
    },
    async take(key) {
      const row = await db
        .deleteFrom('security_state')
        .where('key', '=', key)
        .returning(['value', 'expires_at'])
        .executeTakeFirst();
      return row && row.expires_at.getTime() > clock.now() ? row.value : undefined;
    },
    async sweep() {
      // Batch after batch until one comes back short, so a flood of short-lived rows (anonymous
      // captchas) cannot outgrow the sweeping, while each batch holds the connection briefly.
      let deletedCount = 0;
      for (let batch = 0; batch < sweepBatchesMax; batch += 1) {
        const result = await db
          .deleteFrom('security_state')
          .where('key', 'in', (query) =>
            query
              .selectFrom('security_state')
              .select('key')
              .where('expires_at', '<=', now())
              .limit(sweepBatchSize),
          )
          .executeTakeFirst();
        deletedCount += Number(result.numDeletedRows);
        if (result.numDeletedRows < BigInt(sweepBatchSize)) {
          break;
        }
      }
      return deletedCount;
    },
  };
}

declare module '../db/schema.ts' {
  interface Database extends SecurityStateTables {}
}
