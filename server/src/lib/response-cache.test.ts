import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { createResponseCache, type ResponseCacheOptions } from './response-cache.js';

/** A tiny app whose one route counts how often it really runs. */
function countingApp(options: Partial<ResponseCacheOptions> = {}) {
  let version = 0;
  const produced: string[] = [];
  const cache = createResponseCache({
    ttlMs: 60_000,
    catalogueVersion: () => version,
    logger: createLogger({ logLevel: 'silent' }),
    ...options,
  });
  const app = express();
  app.get(
    '/items',
    cache.route(async (req) => {
      produced.push(req.originalUrl);
      if (req.query.write === 'during') version += 1; // a write lands while this is read
      return { version, url: req.originalUrl };
    }),
  );
  app.get(
    '/missing',
    cache.route(async (_req, res) => {
      produced.push('/missing');
      res.status(404);
      return { error: 'none' };
    }),
  );
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (!cache.serve(req, res)) app(req, res);
  };
  return { handler, produced, bump: () => (version += 1) };
}

describe('createResponseCache', () => {
  it('when a GET repeats, then the route runs once and the copy is identical', async () => {
    const { handler, produced } = countingApp();
    const first = await request(handler).get('/items?a=1').expect(200);
    const second = await request(handler).get('/items?a=1').expect(200);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(produced).toEqual(['/items?a=1']);
  });

  it('when the version moves, then the next request runs the route again', async () => {
    const { handler, produced, bump } = countingApp();
    await request(handler).get('/items');
    bump();
    expect((await request(handler).get('/items')).body.version).toBe(1);
    expect(produced).toHaveLength(2);
  });

  it('when a write lands while the answer is being read, then that answer is not kept', async () => {
    const { handler, produced } = countingApp();
    await request(handler).get('/items?write=during');
    await request(handler).get('/items?write=during');
    expect(produced).toHaveLength(2);
  });

  it('when the answer is not a 200, or the request is HEAD or conditional, then nothing is kept', async () => {
    const { handler, produced } = countingApp();
    await request(handler).get('/missing').expect(404);
    await request(handler).get('/missing').expect(404);
    await request(handler).head('/items').expect(200);
    await request(handler).get('/items').set('If-None-Match', '"x"').expect(200);
    await request(handler).get('/items').expect(200);
    expect(produced).toEqual(['/missing', '/missing', '/items', '/items', '/items']);
  });

  it('when a request is signed in, then it is neither answered from the cache nor kept (a member may see their own prices)', async () => {
    const { handler, produced } = countingApp();
    await request(handler).get('/items').set('Authorization', 'Bearer member').expect(200);
    await request(handler).get('/items').expect(200);
    await request(handler).get('/items').set('Authorization', 'Bearer member').expect(200);
    await request(handler).get('/items').expect(200);
    expect(produced).toEqual(['/items', '/items', '/items']);
  });

  it('when more keys come than it holds, then the oldest make room', async () => {
    const { handler, produced } = countingApp({ maxEntries: 2 });
    for (const q of ['a', 'b', 'c', 'c', 'b', 'a']) await request(handler).get(`/items?${q}`);
    // a, b, c are produced; c and b are then served; a was pushed out by c.
    expect(produced).toEqual(['/items?a', '/items?b', '/items?c', '/items?a']);
  });

  it('when the kept bodies would pass the byte budget, then the oldest make room', async () => {
    // Each answer here is 30 bytes: a budget of 70 holds two.
    const { handler, produced } = countingApp({ maxTotalBytes: 70 });
    for (const q of ['a', 'b', 'c', 'c', 'b', 'a']) await request(handler).get(`/items?${q}`);
    expect(produced).toEqual(['/items?a', '/items?b', '/items?c', '/items?a']);
  });

  it('when the answer is larger than the limit, then it is not kept', async () => {
    const { handler, produced } = countingApp({ maxBodyBytes: 10 });
    await request(handler).get('/items');
    await request(handler).get('/items');
    expect(produced).toHaveLength(2);
  });
});
