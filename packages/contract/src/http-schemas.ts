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

/** pageNum stops at int4Max so that the offset, (pageNum - 1) * pageSize, stays an exact integer. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(int4Max).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}
