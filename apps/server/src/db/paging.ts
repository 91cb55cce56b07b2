import type { SortRequest } from '@site/contract';
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

/**
 * Orders a page by the column the client's sort key maps to, then by a unique column in the same
 * direction, so rows with equal values keep one order and paging neither repeats nor skips them;
 * empty values (NULL) go last either way. Without a sort key the list keeps its own order. Column
 * names come from the store's map, never from the client.
 */
export function orderByKey<DB, TB extends keyof DB, O, Key extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: SortRequest<Key>,
  order: {
    columns: Readonly<Record<Key, string>>;
    tiebreak: string;
    byDefault: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>;
  },
): SelectQueryBuilder<DB, TB, O> {
  if (sort.sortBy === undefined) {
    return order.byDefault(query);
  }
  const direction = sort.sortOrder === 'desc' ? sql`desc` : sql`asc`;
  return query
    .orderBy(sql`${sql.ref(order.columns[sort.sortBy])} ${direction} nulls last`)
    .orderBy(sql`${sql.ref(order.tiebreak)} ${direction}`);
}
