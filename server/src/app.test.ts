import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import type { Store } from './store/store.js';
import { createTestStore } from './test/test-store.js';
import { testDeps } from './test/sign-in.js';

let store: Store;
let cleanup: () => Promise<void>;
const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIST: '/nonexistent/toolworks-dist' });
const app = () => createApp(testDeps(store, config));

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
});
afterAll(() => cleanup());

function expectErrorBody(body: unknown, code: string) {
  const parsed = ErrorBodySchema.parse(body);
  expect(parsed.error.code).toBe(code);
  expect(parsed.error.message).not.toBe('');
}

describe('GET /api/health', () => {
  it('when asked, then it answers ok and is never cached', async () => {
    const res = await request(app()).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('unknown routes', () => {
  it('when an /api path is unknown, then a JSON 404 with the error body answers', async () => {
    const res = await request(app()).get('/api/x').expect(404).expect('Content-Type', /json/);
    expectErrorBody(res.body, 'NOT_FOUND');
  });

  it('when a non-GET outside /api has no route, then a JSON 404 answers too', async () => {
    const res = await request(app()).delete('/some/page').expect(404);
    expectErrorBody(res.body, 'NOT_FOUND');
  });
});

describe('request bodies', () => {
  it('when the JSON is malformed, then 400 BAD_JSON', async () => {
    const res = await request(app())
      .post('/api/addReview')
      .set('Content-Type', 'application/json')
      .send('{"review": ');
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 'BAD_JSON');
  });

  it('when the body is over 100 kB, then 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await request(app())
      .post('/api/addReview')
      .send({ review: 'x'.repeat(101 * 1024) });
    expect(res.status).toBe(413);
    expectErrorBody(res.body, 'PAYLOAD_TOO_LARGE');
  });

  it('when the body is not JSON, then 415 UNSUPPORTED_MEDIA_TYPE, never a 500', async () => {
    const res = await request(app())
      .post('/api/addReview')
      .set('Content-Type', 'text/plain')
      .send('review=great');
    expect(res.status).toBe(415);
    expectErrorBody(res.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('when a bodiless PUT says Content-Length 0, then it is not refused as non-JSON', async () => {
    const res = await request(app()).put('/api/nothing-here').set('Content-Length', '0');
    expect(res.status).toBe(404);
  });
});

describe('security headers', () => {
  it('when any page is served, then CSP, nosniff and referrer policy are set and no X-Powered-By', async () => {
    const res = await request(app()).get('/api/health');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS', () => {
  it('when an allowed origin lists tools, then X-Total-Count and X-Corrected-Query are exposed to it', async () => {
    const corsConfig = loadConfig({ NODE_ENV: 'test', CORS_ORIGINS: 'https://shop.example' });
    const corsApp = createApp(testDeps(store, corsConfig));
    const res = await request(corsApp).get('/api/tools').set('Origin', 'https://shop.example');
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(res.headers['access-control-expose-headers']).toContain('X-Total-Count');
    expect(res.headers['access-control-expose-headers']).toContain('X-Corrected-Query');
  });
});

describe('unexpected failures', () => {
  it('when the store throws, then a logged 500 with the generic body and no internals', async () => {
    const lines: { level: number; msg: string; err?: { message: string } }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    // Fault injection is the one place a store may be faked: a real one cannot be made to fail.
    const failing: Store = {
      ...store,
      tools: {
        ...store.tools,
        list: () => Promise.reject(new Error('disk on fire')),
        listSerialized: () => Promise.reject(new Error('disk on fire')),
      },
    };
    const faultyApp = createApp({
      ...testDeps(failing, config),
      logger: pino({ level: 'error' }, sink),
    });
    const res = await request(faultyApp).get('/api/tools').expect(500);
    expectErrorBody(res.body, 'INTERNAL');
    expect(JSON.stringify(res.body)).not.toContain('disk on fire');
    expect(lines.some((l) => l.level >= 50 && l.err?.message === 'disk on fire')).toBe(true);
  });
});
