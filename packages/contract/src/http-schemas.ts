import { z } from 'zod';
import { int4Max } from './http.ts';

// Kept apart from http.ts, which the web client's first load needs (headers, signing) and which
// must therefore stay free of zod: a schema built at module level cannot be tree-shaken away.

/**
 * Ids bounded to what their column holds, so an out-of-range number answers 10003 naming the
 * field instead of reaching PostgreSQL, whose overflow error would be a 500.
 */
/** The id of a row in an `integer` (int4) table, such as a deposit channel. */
export const int4IdSchema = z.int32().positive();
/** The id of a row in a `bigint` (int8) table: zod's safe-integer bound keeps it exact in JS and inside int8. */
export const int8IdSchema = z.int().positive();

/** The largest page a list route answers: the console's CSV export walks pages of this size. */
export const pageSizeMax = 100;

/** pageNum stops at int4Max so that the offset, (pageNum - 1) * pageSize, stays an exact integer. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(int4Max).default(1),
  pageSize: z.coerce.number().int().min(1).max(pageSizeMax).default(20),
});

export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/**
 * The sort fields of one list route, to spread into its query schema: `sortBy` names one of the
 * keys the route allows (the server maps each to a column, never the client), `sortOrder`
 * defaults to ascending. Without `sortBy` the route keeps its own order.
 */
export function sortQuery<const Keys extends readonly [string, ...string[]]>(keys: Keys) {
  return {
    sortBy: z.enum(keys).optional().describe("the field to sort by; without it, the route's own order"),
    sortOrder: z.enum(sortOrders).optional().describe('asc (default) or desc'),
  };
}

/** A list's sort as the server reads it from a query built with `sortQuery`. */
export interface SortRequest<Key extends string> {
  sortBy?: Key | undefined;
  sortOrder?: SortOrder | undefined;
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}
