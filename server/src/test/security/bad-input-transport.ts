import zlib from 'node:zlib';
import fc from 'fast-check';
import type { BadRequest } from './bad-input-requests.js';
import { fillPath, jsonBody, validBody } from './bad-input-requests.js';
import type { Fixture, RouteSpec } from './bad-input-routes.js';
import { long, toJsonText } from './bad-input-values.js';

/**
 * Bodies no route can read, whatever it expects: broken JSON, other media types and charsets,
 * garbage compression, invalid UTF-8, oversize. Each goes with the route's valid path and
 * credentials, so only the body is wrong.
 */

const BROKEN_JSON = [
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '{"a":NaN}',
  '{"a":undefined}',
  '{"a":01}',
  '{a:1}',
  '[1,2',
  '{"a":"\\x41"}',
  '{"a":1}{"b":2}',
  '\u0000',
  '\uFEFF{"a":',
  '{"a":"unterminated}',
];
/** body-parser's strict mode takes only an object or an array at the top. */
const SCALARS = ['null', '42', '"x"', 'true', '-1e400'];

function readableAsStrictJson(text: string): boolean {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const OTHER_TYPES = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/javascript',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/octet-stream',
  'application/jsonx',
];
const BAD_CHARSETS = [
  'latin1',
  'iso-8859-1',
  'windows-1252',
  'ascii',
  'ebcdic',
  'x-unknown',
  'utf-32',
];
const BAD_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf], // overlong '/'
  [0x80], // lone continuation byte
  [0xe2, 0x82], // truncated 3-byte sequence
  [0xed, 0xa0, 0x80], // UTF-16 surrogate encoded in UTF-8
  [0xf5, 0x80, 0x80, 0x80], // beyond U+10FFFF
];

const MARK = 'BADBYTES';

/** Some short byte strings are a valid (empty) brotli stream: those are not garbage. */
function decodes(encoding: string, bytes: Buffer): boolean {
  try {
    if (encoding === 'gzip') zlib.gunzipSync(bytes);
    else if (encoding === 'deflate') zlib.inflateSync(bytes);
    else zlib.brotliDecompressSync(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The route's valid JSON body (or a small one) with invalid UTF-8 inside a string value. */
function withInvalidUtf8(route: RouteSpec, f: Fixture, bytes: number[]): Buffer {
  const body = validBody(route, f) ?? { note: '' };
  const field = Object.keys(body).find((key) => typeof body[key] === 'string') ?? 'note';
  const value = body[field];
  const text = toJsonText({ ...body, [field]: `${MARK}${typeof value === 'string' ? value : ''}` });
  const [before, after] = text.split(MARK) as [string, string];
  return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
}

function multipart(body: Record<string, unknown>): { type: string; bytes: Buffer } {
  const boundary = '----toolworks-fuzz';
  const parts = Object.entries(body).map(
    ([key, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${String(value)}\r\n`,
  );
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    bytes: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
  };
}

export function badTransport(route: RouteSpec, f: Fixture): fc.Arbitrary<BadRequest> {
  const url = fillPath(route, f);
  const valid = validBody(route, f) ?? { x: 1 };
  const json = jsonBody(valid);
  const make = (kind: string, headers: Record<string, string>, body: Buffer): BadRequest => ({
    method: route.method,
    url,
    headers,
    body,
    kind,
  });
  const asJson = (kind: string, body: Buffer, extra: Record<string, string> = {}) =>
    make(kind, { 'content-type': 'application/json', ...extra }, body);

  const cases: fc.Arbitrary<BadRequest>[] = [
    fc.constantFrom(...BROKEN_JSON, ...SCALARS).map((t) => asJson(`bad json ${t}`, Buffer.from(t))),
    fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((t) => !readableAsStrictJson(t))
      .map((t) => asJson('random text as json', Buffer.from(t))),
    fc
      .constantFrom(...OTHER_TYPES)
      .map((type) => make(`type ${type}`, { 'content-type': type }, json)),
    fc.constant(make('no content type', {}, json)),
    fc.constant(
      make(
        'form-encoded',
        { 'content-type': 'application/x-www-form-urlencoded' },
        Buffer.from(
          new URLSearchParams(
            Object.entries(valid).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString(),
        ),
      ),
    ),
    fc
      .constant(multipart(valid))
      .map(({ type, bytes }) => make('multipart', { 'content-type': type }, bytes)),
    fc
      .constantFrom(...BAD_CHARSETS)
      .map((cs) =>
        make(`charset ${cs}`, { 'content-type': `application/json; charset=${cs}` }, json),
      ),
    fc
      .tuple(
        fc.constantFrom('gzip', 'deflate', 'br'),
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
      )
      .filter(([enc, bytes]) => !decodes(enc, Buffer.from(bytes)))
      .map(([enc, bytes]) =>
        asJson(`${enc} garbage`, Buffer.from(bytes), { 'content-encoding': enc }),
      ),
    fc
      .constant(zlib.gzipSync(json))
      .map((gz) =>
        asJson('truncated gzip', gz.subarray(0, gz.length - 6), { 'content-encoding': 'gzip' }),
      ),
    fc
      .constantFrom('compress', 'zstd', 'x-custom', 'gzip, gzip')
      .map((enc) => asJson(`encoding ${enc}`, json, { 'content-encoding': enc })),
    fc
      .constantFrom(...BAD_UTF8)
      .map((bytes) => asJson(`invalid utf-8 ${bytes.join(' ')}`, withInvalidUtf8(route, f, bytes))),
    fc.constant(
      asJson(
        `over ${(route.bodyLimitBytes ?? 100_000) / 1000} kB`,
        Buffer.from(
          toJsonText({ ...valid, pad: long((route.bodyLimitBytes ?? 100_000) + 20_000) }),
        ),
      ),
    ),
  ];
  if (route.body) {
    // Readable JSON, but not an object: only a route that reads a body can be said to refuse it.
    cases.push(
      fc
        .constantFrom('[]', '[[[]]]', `${'['.repeat(30_000)}${']'.repeat(30_000)}`, '[{}]')
        .map((t) => asJson(`array body (${t.length} chars)`, Buffer.from(t))),
    );
  }
  return fc.oneof(...cases);
}
