import fc from 'fast-check';

/**
 * Values that are wrong for a field of a given kind, by construction (each kind's list is checked
 * against the contract's rules by hand: none of them can pass). Raw JSON literals that
 * JSON.stringify cannot produce (1e400, huge integers) are carried by `RawJson`.
 */

export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text for a body that may hold RawJson literals and own `__proto__` keys. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`,
    );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// JSON.parse makes `__proto__` an own key, as a body parser would; an object literal would not.
const json = (text: string): unknown => JSON.parse(text);

export const operatorObjects = [
  json('{"$gt":""}'),
  json('{"$ne":null}'),
  json('{"$where":"sleep(1000)"}'),
  json('{"$regex":".*"}'),
  json('{"__proto__":{"role":"admin","isAdmin":true}}'),
  json('{"constructor":{"prototype":{"role":"admin"}}}'),
];

const deepArray = (depth: number) => json(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const deepObject = (depth: number) => json(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

export const long = (length: number, unit = 'x') => unit.repeat(length);

/** Wrong in type for any field: never a string or a number. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], ['a'], ...operatorObjects),
  fc.constantFrom(deepArray(500), deepObject(500), deepArray(20)),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** Wrong for a number field: strings that look like numbers and literals JSON cannot hold. */
const numberLike: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e308', '0x10', '', ' ', '12abc', '5', '-1'),
  fc.constantFrom(new RawJson('1e400'), new RawJson('-1e400'), new RawJson('1e-400x')),
  fc.string({ maxLength: 12 }),
);

const unsafeIntegers = fc.constantFrom(2 ** 53 + 1, -(2 ** 53 + 1), 1e308, -1e308, 2 ** 64);
const fractions = fc
  .double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
  .filter((n) => !Number.isInteger(n));

/** Numbers outside [min, max] or not whole, plus every non-number. */
export function badInteger(min: number, max: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    wrongType,
    numberLike,
    unsafeIntegers,
    fractions,
    fc.integer({ min: -1e9, max: min - 1 }),
    fc.integer({ min: max + 1, max: max + 1e9 }),
  );
}

/** Any string that is not `pattern`-valid: caller gives the constant misses for its kind. */
export function badString(
  misses: readonly string[],
  extra?: fc.Arbitrary<string>,
): fc.Arbitrary<unknown> {
  const strings: fc.Arbitrary<unknown>[] = [fc.constantFrom(...misses)];
  if (extra) strings.push(extra);
  return fc.oneof(wrongType, fc.double(), fc.integer(), ...strings);
}

// Just over the limit, far over it (but inside the 100 kB body limit), and over the body limit.
const tooLong = (max: number) => [
  long(max + 1),
  long(Math.min(60_000, max * 50 + 1)),
  long(100_000, '€'),
];

export const badId = badString(
  [
    '',
    'abc',
    '0123456789abcdef0123456', // 23
    '0123456789abcdef012345678', // 25
    'zzzzzzzzzzzzzzzzzzzzzzzz',
    '０１２３４５６７８９ａｂｃｄｅｆ０１２３４５６７', // full-width digits
    '٠١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨٩٠١٢٣', // Arabic-Indic digits
    '{"$gt":""}',
    '__proto__',
    'constructor',
    'prototype',
    "1' OR '1'='1",
    long(5000),
  ],
  fc
    .string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 60 })
    .filter((s) => s.length !== 24),
);

export const badEmail = badString(
  [
    '',
    '   ',
    'plainaddress',
    'a@',
    '@example.com',
    'a b@example.com',
    'a@b',
    '__proto__',
    'constructor',
    '{"$gt":""}',
    `${long(250)}@example.com`,
    'ü@ß',
    'a@example.com\u0000',
  ],
  fc.string({ maxLength: 40 }).filter((s) => !s.includes('@')),
);

/** A required, trimmed text of at most `max` characters. */
export const badRequiredText = (max: number) => badString(['', '   ', '\n\t', ...tooLong(max)]);

/** An optional text of at most `max` characters (empty is fine, so only types and length). */
export const badOptionalText = (max: number) => badString(tooLong(max));

export const badPhone = badString(['', 'abc', '12', 'call me', '+1 555 <script>', long(31, '1')]);
export const badAddress = badString(['', '   ', 'abc', long(301), long(100_000)]);
export const badTransactionId = badString([
  '',
  'pi_',
  'ch_123',
  'pi_!!',
  'pi_ 1',
  `pi_${long(251)}`,
]);
export const badImage = badString([
  '',
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
  'ftp://example.com/a.png',
  '/images/../../etc/passwd',
  'not an address',
  `https://example.com/${long(2100)}`,
]);
export const badLink = badString(['javascript:alert(1)', 'ftp://x.y', 'linkedin', long(301)]);
export const badPrice = fc.oneof(
  wrongType,
  numberLike,
  fc.constantFrom(0, -1, -0.01, 1e308, 1_000_000.01, 0.001, 19.999, 2 ** 53 + 1),
);
export const badRatings = fc.oneof(
  wrongType,
  fc.constantFrom(0, 6, -1, 4.5, '4.5', 'x', '0x5', '', '1e1', 1e308, 2 ** 53 + 1, '9999'),
);
export const badStatus = badString(['UNPAID', 'paid ', 'lost', '__proto__', '$gt', '1']);

/** Ship-to fields (issue 51): no ISO country, no US state. */
export const badCountry = badString(['XX', 'D', 'germany', '', '12', 'DEU', long(101)]);
export const badUsState = badString(['ZZ', 'N', 'new york', '', 'NYC', long(101)]);
export const badCountryQuery = fc.constantFrom('XX', 'D', 'germany', '12', 'DEU', ['DE', 'FR']);
export const badUsStateQuery = fc.constantFrom('ZZ', 'N', 'new york', 'NYC', ['NY', 'CA']);
