import { int4IdSchema, type RouteDefinition, routes } from '@site/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invalidFromJsonSchema, jsonSchemaOf, validFromJsonSchema } from './schema-arbitrary.ts';

/**
 * Schemas whose rules JSON Schema cannot carry, so generated values pass them only by chance:
 * a resident ID checksum, fields that come together or not at all, a time text that must also
 * be an ISO instant (the pipe's second half), a range of at most so many days, a minimum not
 * above its maximum, a URL that must be https or a path on the site, text that is blank once
 * trimmed.
 */
const refinedSchemas = new Set([
  'identitySubmit.body',
  'transactionRecords.body',
  'bonusRecords.body',
  'adminAuditList.body',
  'bonusConvert.body',
  'counter.query',
  'adminMemberLedger.body',
  'adminIdentityList.body',
  'adminSiteSettingsSet.body',
  'adminNoticeCreate.body',
  'adminNoticeUpdate.body',
  'adminAdCreate.body',
  'adminAdUpdate.body',
  'adminIconCreate.body',
  'adminIconUpdate.body',
  'adminDepositChannelUpdate.body',
  'adminDailyMoney.body',
  'adminVenueUpdate.body',
  'adminSportsbookSettingsUpdate.body',
  'adminChatRoomSave.body',
  'adminChatSpeech.body',
  'betRecords.body',
  'giftRecords.body',
  'adminBets.body',
  'adminSeamlessTransactions.body',
  'adminLotteryTickets.body',
]);

const schemaEntries = (Object.entries(routes) as [string, RouteDefinition][]).flatMap(([name, definition]) =>
  (['body', 'query', 'params'] as const).flatMap((part) => {
    const schema = definition[part];
    return schema ? [{ label: `${name}.${part}`, part, schema }] : [];
  }),
);

/** Query and path values arrive as text, so they are parsed as the client writes them. */
function asSent(part: 'body' | 'query' | 'params', value: unknown): unknown {
  return part === 'body'
    ? value
    : Object.fromEntries(Object.entries(value as object).map(([key, item]) => [key, String(item)]));
}

describe('arbitraries from contract schemas', () => {
  it.each(schemaEntries.filter(({ label }) => !refinedSchemas.has(label)))(
    '$label: every generated valid value parses',
    ({ part, schema }) => {
      for (const value of fc.sample(validFromJsonSchema(jsonSchemaOf(schema)), { seed: 1, numRuns: 100 })) {
        const parsed = schema.safeParse(asSent(part, value));
        expect(parsed.success, `${JSON.stringify(value)}: ${parsed.error?.message}`).toBe(true);
      }
    },
  );

  it('draws both bounds of an integer column and nothing past them', () => {
    const values = fc.sample(validFromJsonSchema(jsonSchemaOf(int4IdSchema)), { seed: 1, numRuns: 500 });
    expect(values).toContain(1);
    expect(values).toContain(2_147_483_647);
    expect(values.every((value) => int4IdSchema.safeParse(value).success)).toBe(true);
  });

  it('makes near misses: odd values in place, missing fields and unknown ones', () => {
    const schema = z.object({ id: int4IdSchema, name: z.string().max(8) });
    const values = fc.sample(invalidFromJsonSchema(jsonSchemaOf(schema)), { seed: 1, numRuns: 300 });
    const isRecord = (value: unknown): value is Record<string, unknown> =>
      typeof value === 'object' && value !== null && !Array.isArray(value);
    expect(values.some((value) => isRecord(value) && !('id' in value))).toBe(true);
    expect(
      values.some(
        (value) => isRecord(value) && Object.keys(value).some((key) => !['id', 'name'].includes(key)),
      ),
    ).toBe(true);
    expect(values.some((value) => isRecord(value) && typeof value.id !== 'number')).toBe(true);
    expect(
      values.some((value) => isRecord(value) && typeof value.name === 'string' && value.name.length > 8),
    ).toBe(true);
    expect(values.some((value) => !isRecord(value))).toBe(true);
    expect(values.filter((value) => !schema.safeParse(value).success).length).toBeGreaterThan(
      values.length / 2,
    );
  });
});
