/**
 * The audit log of staff actions: who, when, on which site, what, the state before and after,
 * and the reason. Rows are written once and never changed: updates, deletes and truncation are
 * refused by the database itself, whoever asks.
 */
export const auditMigration = {
  id: '0011_audit_log',
  sql: `
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  operator_id bigint not null references operators (id),
  operator_username text not null,
  site_id integer references sites (id),
  action text not null check (action ~ '^[a-z]+\\.[a-z_]+$'),
  target text not null check (length(target) <= 200),
  before jsonb,
  after jsonb,
  reason text not null default '' check (length(reason) <= 500)
);
create index audit_log_site on audit_log (site_id, id desc);
create index audit_log_operator on audit_log (operator_id, id desc);

create function audit_log_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log rows are immutable, % refused', tg_op using errcode = '55000';
end;
$$;
create trigger audit_log_immutable before update or delete on audit_log
  for each row execute function audit_log_refuse_change();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_refuse_change();
`,
};

/**
 * The cashier kept its own log of staff actions on money; the audit log takes it over, so there
 * is one record of what staff did. Its rows move across as `cashier.<action>` entries (member and
 * amount in fen as the state after), in their order, and the old table goes.
 */
export const cashierActionsToAuditMigration = {
  id: '0016_cashier_actions_to_audit',
  sql: `
insert into audit_log (at, operator_id, operator_username, site_id, action, target, before, after, reason)
select created_at, operator_id, operator_username, site_id, 'cashier.' || action, target, null,
  jsonb_build_object('memberId', member_id::text, 'amountFen', amount_fen::text), reason
from cashier_operator_actions
order by id;
drop table cashier_operator_actions;
`,
};
