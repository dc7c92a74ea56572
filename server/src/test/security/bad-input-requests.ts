import fc from 'fast-check';
import type { Fixture, Method, RouteSpec } from './bad-input-routes.js';
import { toJsonText } from './bad-input-values.js';

/** One malformed request, as bytes on the wire (the test adds the route's credentials). */
export interface BadRequest {
  method: Method;
  /** The full path and query, already percent-encoded (or deliberately mis-encoded). */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What was malformed, for the failure report. */
  kind: string;
}

const JSON_TYPE = { 'content-type': 'application/json' };

const asText = (value: unknown) => (typeof value === 'string' ? value : toJsonText(value));

export function fillPath(
  route: RouteSpec,
  f: Fixture,
  override: Record<string, string> = {},
): string {
  return `/api${route.path.replace(/:(\w+)/g, (_m, name: string) => {
    const raw = override[name];
    if (raw !== undefined) return raw;
    const spec = route.params?.[name];
    if (!spec) throw new Error(`No spec for :${name} in ${route.path}`);
    return encodeURIComponent(spec.valid(f));
  })}`;
}

export const jsonBody = (value: unknown) => Buffer.from(toJsonText(value), 'utf8');
export const validBody = (route: RouteSpec, f: Fixture) => route.body?.valid(f);

/** Keys that must never reach an object's prototype or a query engine, sent alongside. */
const hostileExtras = fc.subarray([
  ['__proto__', { role: 'admin' }],
  ['constructor', { prototype: { role: 'admin' } }],
  ['prototype', { role: 'admin' }],
  ['$where', '1 == 1'],
  ['role', 'admin'],
  ['_id', '0123456789abcdef01234567'],
] as [string, unknown][]);

/** A body with at least one field made wrong (or a required one left out). */
export function badBody(route: RouteSpec, f: Fixture): fc.Arbitrary<BadRequest> {
  const spec = route.body!;
  const fields = Object.keys(spec.bad);
  const corruption = fc.constantFrom(...fields).chain((field) =>
    fc
      .oneof(
        spec.bad[field]!.map((value) => ({ field, value, drop: false })),
        fc.constant({ field, value: undefined, drop: spec.required.includes(field) }),
      )
      .filter((c) => c.drop || c.value !== undefined),
  );
  return fc
    .record({
      corruptions: fc.array(corruption, { minLength: 1, maxLength: 3 }),
      extras: hostileExtras,
      asArray: fc.boolean(),
    })
    .map(({ corruptions, extras, asArray }) => {
      const body: Record<string, unknown> = { ...spec.valid(f) };
      for (const { field, value, drop } of corruptions) {
        if (drop) delete body[field];
        else body[field] = value;
      }
      // defineProperty so `__proto__` is an own key, as JSON.parse would make it.
      for (const [key, value] of extras) {
        Object.defineProperty(body, key, {
          value,
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      const what = corruptions.map((c) => (c.drop ? `-${c.field}` : c.field)).join(',');
      return {
        method: route.method,
        url: fillPath(route, f),
        headers: JSON_TYPE,
        body: jsonBody(asArray ? [body] : body),
        kind: `body(${what})${asArray ? ' as array' : ''}`,
      };
    });
}

/** Percent-encodings that cannot be decoded, and traversal attempts. */
const misencoded = fc.constantFrom(
  '%',
  '%E0%A4%A',
  '%ZZ',
  '%C0%AF',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
);

export function badParam(route: RouteSpec, f: Fixture): fc.Arbitrary<BadRequest> {
  const names = Object.keys(route.params!);
  return fc
    .constantFrom(...names)
    .chain((name) =>
      fc.tuple(
        fc.constant(name),
        fc.oneof(
          route.params![name]!.bad.map((v) => encodeURIComponent(asText(v))),
          misencoded,
        ),
      ),
    )
    .map(([name, raw]) => {
      const body = validBody(route, f);
      return {
        method: route.method,
        url: fillPath(route, f, { [name]: raw }),
        headers: body ? JSON_TYPE : {},
        body: body ? jsonBody(body) : undefined,
        kind: `param ${name}=${raw.slice(0, 60)}`,
      };
    });
}

/**
 * Node answers a request head over 16 kB with a bare 431 before the app sees it, so a query past
 * this length tests Node, not us (three deep-object `status` values once came to 19.5 kB).
 */
const MAX_URL_LENGTH = 12_000;

export function badQuery(route: RouteSpec, f: Fixture): fc.Arbitrary<BadRequest> {
  const keys = Object.keys(route.query!);
  const entry = fc
    .constantFrom(...keys)
    .chain((key) => route.query![key]!.map((v) => [key, v] as const));
  const hostileKeys = fc.subarray(['__proto__[role]', 'constructor', 'page[$gt]', '$where']);
  return fc
    .tuple(fc.array(entry, { minLength: 1, maxLength: 3 }), hostileKeys)
    .map(([entries, hostile]) => {
      const query = new URLSearchParams();
      for (const [key, value] of entries) {
        for (const v of Array.isArray(value) ? value : [value]) query.append(key, v);
      }
      for (const key of hostile) query.append(key, 'admin');
      return {
        method: route.method,
        url: `${fillPath(route, f)}?${query.toString()}`,
        headers: {},
        kind: `query ${entries.map(([k]) => k).join(',')}`,
      };
    })
    .filter((r) => r.url.length <= MAX_URL_LENGTH);
}
