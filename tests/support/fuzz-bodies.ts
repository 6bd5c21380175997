import fc from 'fast-check';

/** A request body's schema as the API document states it (OpenAPI 3.0 JSON Schema). */
export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
}

const SQL = ["' OR 1=1 --", "'; DROP TABLE payins; --", '1; DELETE FROM users', '" OR ""="', "\\'; --"];
const HTML = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '{{7*7}}', '${7*7}'];
const UNICODE = ['💸🙂👩‍👩‍👧', '\u202Egnp.exe', 'مرحبا بالعالم', 'श्री', '\uFEFFbom', '\u200Bzw', 'a\u0301', '\uD83D'];
const HUGE = 'x'.repeat(100_000);

/** Text no field should take as it is: injections, markup, scripts of every direction, the empty and the huge. */
export const hostileText = fc.oneof(
  fc.constantFrom(...SQL, ...HTML, ...UNICODE, '', ' ', '\t\n', 'null', 'undefined', '0', '-1', '12abc'),
  fc.constant(HUGE),
  fc.constant('9'.repeat(5000)),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  // NUL is refused before validation on every route (input-hygiene.test.ts).
  fc.string({ unit: 'binary', maxLength: 30 }).map((s) => s.split(String.fromCharCode(0)).join('')),
);

/** Amounts of rupees or paise that are wrong in kind or size: fractions of a paisa, signs, overflows, strings. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(10.001, -5, 1e21, -1e21, 0, -0, 0.1 + 0.2, 1e-7, 2 ** 53 + 2, 1e308, 99999999999.99),
  fc.constantFrom('12abc', '10.001', '1e21', '-5', '', ' 5 ', '0x10', 'Infinity', 'NaN'),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
);

/** Any value of a wrong type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 4, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 2], { $ne: null }, [HUGE]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const fromPattern = (pattern: string): fc.Arbitrary<string> => {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    // Patterns with Unicode classes: plain letters satisfy the ones this API writes.
    return fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{1,20}$/);
  }
};

const fromString = (s: Schema): fc.Arbitrary<string> => {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'date') return fc.constantFrom('2026-11-20', '2026-01-01');
  if (s.format === 'date-time') return fc.constant(new Date().toISOString());
  if (s.format === 'uri') return fc.constantFrom('https://shop.example/cb', 'https://a.example');
  const base = s.pattern && s.pattern !== '\\S' ? fromPattern(s.pattern) : fc.stringMatching(/^[A-Za-z][\w .-]{0,30}$/);
  return base.filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity));
};

const fromNumber = (s: Schema): fc.Arbitrary<number> => {
  const min = s.minimum ?? 0;
  const max = s.maximum ?? Math.max(min, 100_000);
  const whole = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  if (s.type === 'integer') return whole;
  return fc.oneof(
    whole,
    fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((p) => p / 100),
  );
};

/** A value the schema accepts (or nearly: patterns are honoured, cross-field rules are not known here). */
export const fromSchema = (s: Schema): fc.Arbitrary<unknown> => {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const choices = s.anyOf ?? s.oneOf;
  if (choices) return fc.oneof(...choices.map(fromSchema));
  if (s.allOf) {
    // An intersection of text rules: the last part holds the narrowest pattern, the others the lengths.
    const merged = Object.assign({}, ...s.allOf) as Schema;
    return fromSchema({ ...merged, allOf: undefined });
  }
  switch (s.type) {
    case 'string':
      return fromString(s);
    case 'number':
    case 'integer':
      return fromNumber(s);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(s.items ?? {}), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, 3),
      });
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = fromSchema(v);
      return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

/** A body the schema accepts with one field made hostile, removed, or an unknown field added. */
export const mutatedBody = (s: Schema): fc.Arbitrary<unknown> => {
  const fields = Object.keys(s.properties ?? {});
  const valid = fromSchema(s);
  if (fields.length === 0) return valid;
  return fc
    .tuple(valid, fc.constantFrom(...fields), hostileValue, fc.constantFrom('replace', 'drop', 'extra', 'nest'))
    .map(([body, field, value, how]) => {
      const copy = { ...(body as Record<string, unknown>) };
      if (how === 'replace') copy[field] = value;
      else if (how === 'drop') delete copy[field];
      else if (how === 'extra') copy[`${field}Extra`] = value;
      else copy[field] = { [field]: value };
      return copy;
    });
};

/** A body for a route of this schema: valid, mutated, or anything at all. */
export const bodyFor = (s: Schema | undefined): fc.Arbitrary<unknown> =>
  fc.oneof(
    ...(s
      ? [
          { weight: 2, arbitrary: fromSchema(s) },
          { weight: 5, arbitrary: mutatedBody(s) },
        ]
      : []),
    { weight: 2, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 4 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

/** A path parameter: a real one, a random UUID, or something that is no id at all. */
export const paramFor = (real: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    ...(real.length ? [{ weight: 4, arbitrary: fc.constantFrom(...real) }] : []),
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'not-a-uuid',
        '0',
        '-1',
        '9'.repeat(400),
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-fffffffffffff',
        "' OR 1=1 --",
        '<script>alert(1)</script>',
        '💸',
        '..%2f..%2fetc%2fpasswd',
        'razorpay',
        'x'.repeat(3000),
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
  );
