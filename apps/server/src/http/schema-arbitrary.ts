import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries made from a contract schema, for the route-table fuzz test.
 * `zod-fast-check` supports zod 3 only, so values come from the schema's JSON Schema
 * (`z.toJSONSchema`): what it cannot express (refinements, transforms) is not generated, which
 * is fine for a fuzzer, as the server must answer any input within the envelope anyway.
 */

/** The part of JSON Schema that `z.toJSONSchema` writes for the contract's payloads. */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Keeps generated free text short: long strings are the invalid arbitrary's business. */
const freeTextLengthMax = 40;
const arrayLengthMax = 4;

/** Values the JSON Schema accepts; an empty schema (zod's "any") takes any JSON value. */
export function validFromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) {
    return fc.constant(schema.const);
  }
  if (schema.enum) {
    return fc.constantFrom(...schema.enum);
  }
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    return fc.oneof(...choices.map(validFromJsonSchema));
  }
  switch (schema.type) {
    case 'object':
      return objectFromJsonSchema(schema);
    case 'array':
      return fc.array(validFromJsonSchema(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(
          schema.maxItems ?? arrayLengthMax,
          Math.max(schema.minItems ?? 0, arrayLengthMax),
        ),
      });
    case 'string':
      return stringFromJsonSchema(schema);
    case 'integer':
      return integerFromJsonSchema(schema);
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        ...(schema.minimum === undefined ? {} : { min: schema.minimum }),
        ...(schema.maximum === undefined ? {} : { max: schema.maximum }),
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case undefined:
      return fc.jsonValue({ maxDepth: 2 });
    default: {
      const unhandled: never = schema.type;
      throw new Error(`no arbitrary for JSON Schema type ${String(unhandled)}`);
    }
  }
}

/** Required keys always, the others (optional or defaulted) sometimes. */
function objectFromJsonSchema(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const arbitraries = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, validFromJsonSchema(property)]),
  );
  return fc.record(arbitraries, { requiredKeys: schema.required ?? [] });
}

/**
 * Lengths count UTF-16 units, as zod's do; a grapheme may take several, and a pattern may
 * allow more than the length bounds, hence the filter.
 */
function stringFromJsonSchema(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Number.MAX_SAFE_INTEGER;
  const isLengthAllowed = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.pattern !== undefined) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter(isLengthAllowed);
  }
  const generatedLengthMax = Math.min(maxLength, Math.max(minLength, freeTextLengthMax));
  const constraints = { minLength, maxLength: generatedLengthMax };
  return fc
    .oneof(fc.string({ unit: 'grapheme', ...constraints }), fc.string({ unit: 'binary', ...constraints }))
    .filter(isLengthAllowed);
}

/**
 * Integers of any size within the bounds (`fc.integer` stops at 32 bits), with the bounds
 * themselves drawn often, since an off-by-one at a column's limit is what fuzzing is for.
 */
function integerFromJsonSchema(schema: JsonSchema): fc.Arbitrary<number> {
  const min =
    schema.exclusiveMinimum === undefined
      ? (schema.minimum ?? Number.MIN_SAFE_INTEGER)
      : schema.exclusiveMinimum + 1;
  const max =
    schema.exclusiveMaximum === undefined
      ? (schema.maximum ?? Number.MAX_SAFE_INTEGER)
      : schema.exclusiveMaximum - 1;
  const smallMin = Math.min(Math.max(min, -1_000), max);
  return fc.oneof(
    fc.constantFrom(min, max),
    fc.integer({ min: smallMin, max: Math.min(max, smallMin + 2_000) }),
    fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number),
  );
}

// ---------------------------------------------------------------------------------------
// What a careless or hostile client sends instead
// ---------------------------------------------------------------------------------------

/** Larger than any field allows; the last one is larger than the server's body limit too. */
const hugeStrings = [
  'a'.repeat(100_000),
  '中'.repeat(60_000),
  '😀'.repeat(30_000),
  '\u0000'.repeat(1_000),
  'a'.repeat(300_000),
];

/**
 * JSON nested `depth` levels deep. It names itself in a failure report, as fast-check's
 * recursive printer would overflow the stack on it.
 */
function nested(depth: number, isArray: boolean): unknown {
  let value: object = isArray ? [] : {};
  for (let level = 0; level < depth; level += 1) {
    value = isArray ? [value] : { a: value };
  }
  const description = `${isArray ? 'arrays' : 'objects'} nested ${depth} deep`;
  return Object.defineProperty(value, fc.toStringMethod, { value: () => description });
}

/** Wrong types, numbers past every column, huge strings and deep JSON. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 63,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    '',
    ' ',
    '1',
    '2147483648',
    'null',
    [],
    {},
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom(...hugeStrings),
  // JSON.stringify itself overflows a worker's stack past a few thousand levels: the fuzz test
  // sends deeper nesting as raw text.
  fc
    .tuple(fc.integer({ min: 64, max: 1_000 }), fc.boolean())
    .map(([depth, isArray]) => nested(depth, isArray)),
);

/** Query strings and path segments are text: numbers past every bound, odd encodings, huge. */
export const oddText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '-1',
    '0',
    '1.5',
    '2147483648',
    '9007199254740993',
    '1e400',
    'NaN',
    'Infinity',
    '0x10',
    ' 1',
    'null',
    '%',
    '../..',
    '\u0000',
    'a'.repeat(5_000),
  ),
  fc.stringMatching(/^[0-9]{1,30}$/),
  fc.string({ unit: 'binary', maxLength: 64 }),
);

type Path = (string | number)[];

/** Every place in a JSON value, the value itself first. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      paths.push(...pathsOf(item, [...prefix, index]));
    });
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      paths.push(...pathsOf(item, [...prefix, key]));
    }
  }
  return paths;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const remove = Symbol('remove');

/** A copy of `value` with the place at `path` replaced, or removed when `replacement` is `remove`. */
function rewriteAt(value: unknown, path: Path, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) {
    return replacement;
  }
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value];
    copy[head] = rewriteAt(value[head], rest, replacement);
    return copy;
  }
  if (isRecord(value) && typeof head === 'string') {
    const { [head]: current, ...others } = value;
    const rewritten = rewriteAt(current, rest, replacement);
    return rewritten === remove ? others : { ...others, [head]: rewritten };
  }
  return value;
}

/**
 * Near misses of a valid value: one place (possibly the whole value) given an odd value, one
 * field missing, or unknown fields added (including `__proto__` and `constructor`).
 */
export function invalidFromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  const valid = validFromJsonSchema(schema);
  const pick = <T>(items: T[], index: number): T => items[index % items.length] as T;
  const extraKey = fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', ''),
    fc.string({ maxLength: 20 }),
  );
  return fc.oneof(
    fc
      .tuple(valid, fc.nat(), oddValue)
      .map(([value, index, odd]) => rewriteAt(value, pick(pathsOf(value), index), odd)),
    fc.tuple(valid, fc.nat()).map(([value, index]) => {
      const fields = pathsOf(value).filter((path) => typeof path.at(-1) === 'string');
      return fields.length === 0 ? value : rewriteAt(value, pick(fields, index), remove);
    }),
    fc
      .tuple(valid, fc.dictionary(extraKey, oddValue, { minKeys: 1, maxKeys: 3 }))
      .map(([value, extra]) => (isRecord(value) ? { ...extra, ...value } : value)),
  );
}
