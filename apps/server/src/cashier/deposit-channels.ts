import {
  type AdminDepositChannel,
  type depositChannelUpdateBodySchema,
  depositLimitsProblem,
  formatFen,
} from '@site/contract';
import type { z } from 'zod';
import { validationError } from '../app-error.ts';
import type { CashierContext, OperatorRef } from './context.ts';
import { isChannelOffered, positiveFen, presentChannel } from './deposits.ts';
import * as store from './store.ts';

/**
 * Deposit channel settings (存款通道): staff of a site change its channels' names, tags, per-order
 * limits, display order and on/off. Members see a change on their next request: the member list
 * and `deposit/create` read the row itself, nothing caches it.
 */
type ChannelUpdateBody = z.output<typeof depositChannelUpdateBodySchema>;

export function presentAdminChannel(ctx: CashierContext, row: store.ChannelRow): AdminDepositChannel {
  return {
    ...presentChannel(row),
    sort: row.sort,
    isEnabled: row.is_enabled,
    isOffered: isChannelOffered(ctx, row),
  };
}

export async function listSiteChannels(ctx: CashierContext, siteId: number): Promise<AdminDepositChannel[]> {
  return (await store.listSiteChannels(ctx.db, siteId)).map((row) => presentAdminChannel(ctx, row));
}

/** What the audit log keeps of a channel, before and after a change. */
function settingsOf(row: store.ChannelRow) {
  return {
    code: row.code,
    name: row.name,
    tag: row.tag,
    minAmount: formatFen(row.min_fen),
    maxAmount: formatFen(row.max_fen),
    sort: row.sort,
    isEnabled: row.is_enabled,
  };
}

type ChannelSettings = ReturnType<typeof settingsOf>;

/** The fields that changed, as `minAmount 100.00 -> 50.00`: the audit entry's reason. */
function changesOf(before: ChannelSettings, after: ChannelSettings): string[] {
  return (Object.keys(after) as (keyof ChannelSettings)[])
    .filter((key) => before[key] !== after[key])
    .map((key) => `${key} ${String(before[key])} -> ${String(after[key])}`);
}

/**
 * Changes one channel of the operator's site, in one transaction with its audit entry. A channel
 * of another site is unknown here (10003). Orders already placed keep their amounts; a disabled
 * channel's pending orders still settle when paid, only new orders are refused.
 */
export async function updateChannel(
  ctx: CashierContext,
  operator: OperatorRef,
  body: ChannelUpdateBody,
): Promise<AdminDepositChannel> {
  // The contract refused these already; checked again here, and by the table's constraints.
  const problem = depositLimitsProblem(body.minAmount, body.maxAmount);
  if (problem) {
    throw validationError(problem.field, problem.message);
  }
  const settings = {
    name: body.name,
    tag: body.tag,
    min_fen: positiveFen(body.minAmount, 'minAmount'),
    max_fen: positiveFen(body.maxAmount, 'maxAmount'),
    sort: body.sort,
    is_enabled: body.isEnabled,
  };
  const row = await ctx.db.transaction().execute(async (tx) => {
    const before = await store.lockChannel(tx, operator.siteId, body.channelId);
    if (!before) {
      throw validationError('channelId', '支付通道不存在');
    }
    const changes = changesOf(settingsOf(before), settingsOf({ ...before, ...settings }));
    if (changes.length === 0) {
      return before;
    }
    const after = await store.updateChannelSettings(tx, before.id, settings);
    await ctx.audit.record(
      operator,
      {
        siteId: operator.siteId,
        action: 'cashier.deposit_channel_set',
        target: `channel:${before.code}`,
        before: settingsOf(before),
        after: settingsOf(after),
        reason: changes.join('; '),
      },
      tx,
    );
    return after;
  });
  return presentAdminChannel(ctx, row);
}
