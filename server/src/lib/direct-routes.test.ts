import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse } from 'node:querystring';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createDirectRoutes, type DirectRoute } from './direct-routes.js';
import { pino } from 'pino';
import { AppError } from './app-error.js';
import { createLogger, type Logger } from './logger.js';
import { createResponseCache } from './response-cache.js';

/** What the direct routes logged: level and message, with the kind of each decline. */
function recordingLogger() {
  const lines: { level: string; msg: string; kind?: string }[] = [];
  const logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        const { level, msg, kind } = JSON.parse(line) as {
          level: number;
          msg: string;
          kind?: string;
        };
        lines.push({ level: pino.levels.labels[level] ?? String(level), msg, kind });
      },
    },
  );
  return { logger, lines };
}

/** One direct route, `/items/:id`, in front of a fallback that says it ran. */
function harness(
  answer: DirectRoute['answer'],
  ttlMs = 0,
  logger: Logger = createLogger({ logLevel: 'silent' }),
  signedIn?: DirectRoute['signedIn'],
) {
  const calls = { direct: 0, fallback: 0 };
  const cache = createResponseCache({ ttlMs, catalogueVersion: () => 1, logger });
  const direct = createDirectRoutes({
    routes: [
      {
        match: (pathname) =>
          /^\/items\/(\w+)$/
            .exec(pathname)
            ?.slice(1, 2)
            .map((id) => ({ id }))[0],
        answer: (query, params) => {
          calls.direct += 1;
          return answer(query, params);
        },
        ...(signedIn && { signedIn }),
      },
    ],
    headers: { 'X-Frame-Options': 'DENY', 'Content-Type': 'application/json; charset=utf-8' },
    parseQuery: (search) => parse(search),
    etag: (body) => `W/"${body.length.toString(16)}"`,
    cache,
    logger,
  });
  const express = (_req: IncomingMessage, res: ServerResponse) => {
    calls.fallback += 1;
    res.writeHead(299, { 'Content-Type': 'text/plain' }).end('fallback');
  };
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (cache.serve(req, res)) return;
    if (!direct(req, res, () => express(req, res))) express(req, res);
  };
  return { listener, calls };
}

const echo: DirectRoute['answer'] = async (query, params) => ({
  body: { query, params },
  headers: { 'X-Total-Count': '7' },
});

describe('createDirectRoutes', () => {
  it('when a plain GET matches, then the route answers with the fixed and its own headers, without the fallback', async () => {
    const { listener, calls } = harness(echo);
    const res = await request(listener).get('/items/a1?x=1&x=2&y=').expect(200);
    expect(res.body).toEqual({ query: { x: ['1', '2'], y: '' }, params: { id: 'a1' } });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-total-count']).toBe('7');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.text)));
    expect(res.headers.etag).toBe(`W/"${Buffer.byteLength(res.text).toString(16)}"`);
    expect(calls).toEqual({ direct: 1, fallback: 0 });
  });

  it.each([
    ['a conditional request', { 'If-None-Match': 'W/"1"' }],
    ['a cross-origin request', { Origin: 'https://elsewhere.example' }],
    ['a request with a range', { Range: 'bytes=0-1' }],
    ['a signed-in request (a member may see their own prices)', { Authorization: 'Bearer x' }],
  ])('when %s arrives, then it goes to the fallback untouched', async (_label, headers) => {
    const { listener, calls } = harness(echo);
    await request(listener).get('/items/a1').set(headers).expect(299);
    expect(calls).toEqual({ direct: 0, fallback: 1 });
  });

  it('when a HEAD, a POST, a GET with a body or another path arrives, then the fallback answers', async () => {
    const { listener, calls } = harness(echo);
    await request(listener).head('/items/a1').expect(299);
    await request(listener).post('/items/a1').send({ a: 1 }).expect(299);
    await request(listener)
      .get('/items/a1')
      .set('Content-Type', 'text/plain')
      .send('x')
      .expect(299);
    await request(listener).get('/items/a1/more').expect(299);
    expect(calls).toEqual({ direct: 0, fallback: 4 });
  });

  it('when the route throws (bad input, not found, a failure), then the fallback answers instead', async () => {
    const { listener, calls } = harness(async () => {
      throw new Error('declined');
    });
    const res = await request(listener).get('/items/a1').expect(299);
    expect(res.text).toBe('fallback');
    expect(calls).toEqual({ direct: 1, fallback: 1 });
  });

  it('when routes decline, then each kind is logged once (expected ones as info, failures as warnings) before the fallback answers', async () => {
    const { logger, lines } = recordingLogger();
    const failures: Error[] = [
      AppError.notFound('Tool not found'),
      AppError.notFound('Tool not found'),
      AppError.badRequest('limit: too big'),
      new TypeError('x is undefined'),
      new TypeError('y is undefined'),
    ];
    const { listener, calls } = harness(
      async () => {
        throw failures.shift() ?? new Error('no more failures');
      },
      0,
      logger,
    );
    for (let i = 0; i < 5; i += 1) await request(listener).get('/items/a1').expect(299);
    expect(calls).toEqual({ direct: 5, fallback: 5 });
    expect(lines.map(({ level, kind }) => [level, kind])).toEqual([
      ['info', '404 NOT_FOUND'],
      ['info', '400 VALIDATION_ERROR'],
      ['warn', 'TypeError'],
    ]);
  });

  it('when the response cache is on, then a direct answer is kept and served again as it was', async () => {
    const { listener, calls } = harness(echo, 60_000);
    const first = await request(listener).get('/items/a1?x=1').expect(200);
    const second = await request(listener).get('/items/a1?x=1').expect(200);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['x-total-count']).toBe('7');
    expect(calls.direct).toBe(1);
  });

  it('when a route says whose a signed-in answer is, then each scope is kept apart, a caller without one shares the public answer, and a route without it leaves them to the fallback', async () => {
    // Bearer a-*: company a's members; Bearer b-*: company b's; anything else sees the public.
    const own = (scope: string) => ({
      scope,
      answer: async () => ({ body: { company: scope }, headers: { 'Cache-Control': 'private' } }),
    });
    const signedIn: DirectRoute['signedIn'] = async (authorization) => {
      const company = /^Bearer ([ab])-/.exec(authorization)?.[1];
      return company ? own(`company:${company}`) : undefined;
    };
    const { listener, calls } = harness(echo, 60_000, undefined, signedIn);
    const as = (token?: string) => {
      const call = request(listener).get('/items/a1');
      return (token ? call.set('Authorization', `Bearer ${token}`) : call).expect(200);
    };

    expect((await as('a-1')).body).toEqual({ company: 'company:a' });
    expect((await as('b-1')).body).toEqual({ company: 'company:b' });
    const second = await as('a-2');
    expect(second.body).toEqual({ company: 'company:a' });
    expect(second.headers['cache-control']).toBe('private');
    const publicAnswer = await as();
    expect(publicAnswer.body).toEqual({ query: {}, params: { id: 'a1' } });
    expect((await as('consumer')).text).toBe(publicAnswer.text);
    expect(calls).toEqual({ direct: 1, fallback: 0 });

    const withoutOwn = harness(echo, 60_000);
    await request(withoutOwn.listener).get('/items/a1').set('Authorization', 'Bearer a-1');
    expect(withoutOwn.calls).toEqual({ direct: 0, fallback: 1 });
  });
});
