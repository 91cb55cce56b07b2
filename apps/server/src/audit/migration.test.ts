import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { adminQuery, type DatabaseTarget, type Db, migrate, openDatabase } from '../db/database.ts';
import { migrations } from '../migrations.ts';
import { cashierActionsToAuditMigration } from './migration.ts';

/**
 * A database whose cashier kept its own log of staff actions keeps every entry, in order, when
 * the audit log takes it over. On PGlite, and with TEST_STORES=external on PostgreSQL too.
 */
const externalUrl = process.env.TEST_STORES === 'external' ? process.env.DATABASE_URL : undefined;
let db: Db | undefined;
let dropSchema: (() => Promise<void>) | undefined;

afterEach(async () => {
  await db?.destroy();
  await dropSchema?.();
});

it('moves the cashier action log into the audit log, in order, and drops it', async () => {
  let target: DatabaseTarget = { kind: 'pglite' };
  if (externalUrl) {
    const schema = `migration_${randomBytes(6).toString('hex')}`;
    await adminQuery(externalUrl, `create schema ${schema}`);
    dropSchema = () => adminQuery(externalUrl, `drop schema ${schema} cascade`);
    target = { kind: 'postgres', url: externalUrl, schema, poolSize: 2 };
  }
  db = await openDatabase(target, migrations.slice(0, migrations.indexOf(cashierActionsToAuditMigration)));
  const at = new Date('2026-11-01T08:00:00.000Z');
  await sql`insert into sites (id, title, web_logo_title_url, vv_key, vv_iv)
    values (9001, '站点', '/media/logo.svg', 'key', 'iv')`.execute(db);
  await sql`insert into operators (username, password_hash, role, created_at)
    values ('old_admin', '$argon2id$v=19$m=1,t=1,p=1$AAAA$AAAA', 'super_admin', ${at})`.execute(db);
  await sql`insert into cashier_operator_actions
    (site_id, operator_id, operator_username, action, target, member_id, amount_fen, reason, created_at)
    values
      (9001, 1, 'old_admin', 'adjustment', 'adj-1', null, -1250, '冲正', ${at}),
      (9001, 1, 'old_admin', 'withdraw_approve', 'W0001', null, 50000, '', ${new Date(at.getTime() + 1000)})`.execute(
    db,
  );

  await migrate(db, migrations);

  const moved = await db
    .selectFrom('audit_log')
    .select(['operator_username', 'site_id', 'action', 'target', 'after', 'reason', 'at'])
    .orderBy('id')
    .execute();
  expect(moved).toEqual([
    {
      operator_username: 'old_admin',
      site_id: 9001,
      action: 'cashier.adjustment',
      target: 'adj-1',
      after: { memberId: null, amountFen: '-1250' },
      reason: '冲正',
      at,
    },
    {
      operator_username: 'old_admin',
      site_id: 9001,
      action: 'cashier.withdraw_approve',
      target: 'W0001',
      after: { memberId: null, amountFen: '50000' },
      reason: '',
      at: new Date(at.getTime() + 1000),
    },
  ]);
  const { rows } = await sql<{
    name: string | null;
  }>`select to_regclass('cashier_operator_actions')::text as name`.execute(db);
  expect(rows[0]?.name).toBeNull();
});
