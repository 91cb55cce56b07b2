import { z } from 'zod';
import { yuanAmountSchema } from './cashier.ts';

/**
 * 提前结算 (GAMES.md 2.5, issue 13): a member asks what an open single is worth now and may take
 * it. The offer is worked out again from the current prices when the member accepts; it may not
 * have moved below what they saw. `requestId` is the idempotency key of the cash-out.
 */

const betIdSchema = z
  .string()
  .regex(/^SB[1-9]\d{0,17}$/, '注单号格式错误')
  .describe('注单号 as the bet view shows it, e.g. SB42');

export const sportsbookCashOutQuoteBodySchema = z.object({ betId: betIdSchema });

export const sportsbookCashOutQuoteSchema = z.object({
  betId: z.string(),
  offer: z.string().nullable().describe('yuan paid if cashed out now; null when there is no offer'),
  isSuspended: z.boolean().describe('封盘: no offer until the market reopens'),
  unavailableCode: z
    .number()
    .int()
    .nullable()
    .describe('why there is no offer, a code of the error catalogue; null with an offer'),
  unavailableMessage: z.string().nullable(),
  priceVersion: z.number().int().nullable().describe('the price version the offer was worked out on'),
  quotedAt: z.string().describe('ISO-8601 UTC time'),
});
export type SportsbookCashOutQuote = z.infer<typeof sportsbookCashOutQuoteSchema>;

export const sportsbookCashOutBodySchema = z.object({
  betId: betIdSchema,
  amount: yuanAmountSchema.describe('the offer the member accepted: refused (700404) if it moved below'),
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求号须为 8-64 位字母、数字、下划线或连字符')
    .describe("the client's id for the cash-out: the same id again answers the first result"),
});
export type SportsbookCashOutBody = z.infer<typeof sportsbookCashOutBodySchema>;
