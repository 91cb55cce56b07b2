import { type RawBuilder, sql } from 'kysely';

/**
 * Whole calendar days of a report: rows at instants in [from, to), each counted on its day in
 * `timeZone`. Reports read their figures per day through this, from the domain owning the rows.
 */
export interface DayRange {
  from: Date;
  to: Date;
  timeZone: string;
}

/** The calendar day (YYYY-MM-DD) in `timeZone` of a timestamptz column, for `group by 1`. */
export function localDayOf(column: string, timeZone: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

/** A count or a sum as PostgreSQL answers it (int8 as bigint, numeric as string) as a bigint. */
export function bigintOf(value: bigint | number | string | null | undefined): bigint {
  return value === null || value === undefined ? 0n : BigInt(value);
}
