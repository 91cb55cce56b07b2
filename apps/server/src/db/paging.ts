import { type SelectQueryBuilder, sql } from 'kysely';

/** A page as the API asks for it: 1-based page number and size. */
export interface PageRequest {
  pageNum: number;
  pageSize: number;
}

/**
 * One page of a filtered query and how many rows the whole filter holds: `rows` selects and
 * orders the columns of the page; the count runs on the same filter, beside it.
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  rows: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
): Promise<{ list: O[]; total: number }> {
  const [list, count] = await Promise.all([
    rows(filtered)
      .offset((page.pageNum - 1) * page.pageSize)
      .limit(page.pageSize)
      .execute(),
    filtered.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number((count as { total: string | bigint }).total) };
}
