import fc from 'fast-check';

/**
 * Value generators of the API fuzz suite (api-fuzz.test.ts): JSON-schema-shaped values that are almost
 * right, and the hostile values an outside tester sends. A body is built as text, so that it can hold
 * what JSON.stringify cannot write (NaN, Infinity, -0, duplicate or `__proto__` keys, broken syntax).
 */

/** A subset of JSON Schema as the OpenAPI document writes it (zod's JSON schema output). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  default?: unknown;
};

/** A JSON text fragment, written as it will be sent. */
export type Raw = { raw: string };
const raw = (text: string): Raw => ({ raw: text });

/** Strings that have broken servers before (NUL, lone surrogates, controls, huge, lookalikes). */
export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      'a\u0000b',
      '\ud800',
      'x\udc00',
      '\u0007\u001b[31m',
      '\u0085\u009f',
      '\ufeff',
      '\u202etxt.exe',
      "'; drop table users; --",
      '%00',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      '{{7*7}}',
      '1e308',
      '-0',
      'NaN',
      '',
      ' ',
      '😀'.repeat(50),
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  );

/** Numbers at the edges: written raw, so NaN and ±Infinity make the text malformed on purpose. */
export const hostileNumber = (): fc.Arbitrary<Raw> =>
  fc
    .oneof(
      fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e308', '-1e308', '1e309', '-0', '0.1e-400'),
      fc.constantFrom('9007199254740993', '-9007199254740993', '2147483648', '-1', '0'),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => String(d)),
    )
    .map(raw);

const jsonText = (value: unknown): string => JSON.stringify(value) ?? 'null';

/** Writes a generated value as JSON text; Raw fragments are written as they are. */
export const toText = (value: unknown): string => {
  if (value && typeof value === 'object' && 'raw' in value && Object.keys(value).length === 1) {
    return String((value as Raw).raw);
  }
  if (Array.isArray(value)) return `[${value.map(toText).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${jsonText(k)}:${toText(v)}`)
      .join(',')}}`;
  }
  return jsonText(value);
};

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** A value that fits the schema where it is easy to fit (enums, consts, bounds), else a plain guess. */
const fitting = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fitting(s, depth)));
  if (schema.allOf?.length) return fitting(schema.allOf[0] ?? {}, depth);
  const type = typesOf(schema)[0];
  switch (type) {
    case 'string':
      return schema.format === 'email'
        ? fc.emailAddress()
        : fc.string({
            minLength: schema.minLength ?? 0,
            maxLength: Math.min(schema.maxLength ?? 20, 40),
          });
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? -10,
        max: Math.min(schema.maximum ?? 1000, 1000),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(mutated(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectOf(schema, depth + 1);
    case undefined:
    default:
      return fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null));
  }
};

/** Wrong on purpose: another type, a hostile string or number, an empty or deep structure. */
const wrong = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    hostileString(),
    hostileNumber(),
    fc.constantFrom(null, true, false, [], {}, [[[[[]]]]], { __proto__: 1 } as unknown),
    fc.constant(raw('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')),
  );

/** Mostly fitting, sometimes wrong: the values that get past the first checks and into the services. */
export const mutated = (schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: fitting(schema, depth), weight: 3 }, { arbitrary: wrong(), weight: 1 });

/** An object of the schema with missing, extra, duplicate-looking and prototype keys. */
const objectOf = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
  const properties = Object.entries(schema.properties ?? {});
  const fields = properties.map(([key, sub]) =>
    fc.option(
      mutated(sub, depth).map((v) => [key, v] as const),
      { freq: 6, nil: undefined },
    ),
  );
  const extras = fc.array(
    fc.tuple(
      fc.constantFrom('__proto__', 'constructor', 'extra', 'company_id', 'role', 'is_active'),
      wrong(),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...fields), extras).map(([pairs, more]) => {
    const out: Record<string, unknown> = {};
    for (const pair of [...pairs, ...more]) {
      if (pair) {
        Object.defineProperty(out, pair[0], {
          value: pair[1],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return out;
  });
};

/** A whole request body as text: schema-shaped, or broken JSON. */
export const bodyText = (schema: JsonSchema | undefined): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: mutated(schema ?? { type: 'object' }).map(toText), weight: 8 },
    {
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":',
        'null',
        '[]',
        '"text"',
        '{"a":1}}',
        '\u0000',
        '{"a":NaN}',
      ),
      weight: 1,
    },
    { arbitrary: wrong().map(toText), weight: 1 },
  );
