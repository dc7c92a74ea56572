import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Store } from '../store/store.js';
import { createTestStore } from '../test/test-store.js';
import { testDeps } from '../test/sign-in.js';

const INDEX =
  '<!doctype html><title>Toolworks</title><style>body{color:red}</style><div id="root"></div>';
// What a browser computes for that <style> element's text (printf 'body{color:red}' | openssl
// dgst -sha256 -binary | base64).
const INLINE_STYLE_HASH = "'sha256-FcQqt3aNlV7AZnGV4zkQRVeCeJOxbMPnQSx258L803E='";
let store: Store;
let cleanup: () => Promise<void>;
let dist: string;

const appWithDist = (clientDist: string) => {
  const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIST: clientDist });
  return createApp(testDeps(store, config));
};

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), INDEX);
  await fs.writeFile(path.join(dist, 'assets', 'x.js'), 'console.log("app")');
  await fs.writeFile(path.join(dist, 'robots.txt'), 'User-agent: *');
  await fs.mkdir(path.join(dist, '.vite'));
  await fs.writeFile(path.join(dist, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
});
afterAll(async () => {
  await cleanup();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('the single-page app', () => {
  it.each([
    ['gzip', 'gzip'],
    ['identity', 'identity'],
  ])(
    'when the build manifest is asked (%s), then the app answers, not the file',
    async (_label, encoding) => {
      const res = await request(appWithDist(dist))
        .get('/.vite/manifest.json')
        .set('Accept-Encoding', encoding);
      expect(res.text).not.toContain('src/main.tsx');
    },
  );

  it.each(['/', '/home', '/some/page', '/dashboard/my-orders', '/purchase/abc'])(
    'when %s is asked, then index.html answers and is revalidated',
    async (url) => {
      const res = await request(appWithDist(dist))
        .get(url)
        .expect(200)
        .expect('Content-Type', /html/);
      expect(res.text).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('when index.html inlines a stylesheet, then the CSP allows exactly that <style> by its hash', async () => {
    const res = await request(appWithDist(dist)).get('/').expect(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`style-src 'self' ${INLINE_STYLE_HASH};`);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('when a page is asked by a browser that takes gzip, then index.html comes gzipped and can be revalidated', async () => {
    const first = await request(appWithDist(dist))
      .get('/purchase/abc')
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.text).toBe(INDEX);
    expect(first.headers.etag).toBeTruthy();

    await request(appWithDist(dist))
      .get('/home')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', String(first.headers.etag))
      .expect(304);
  });

  it('when a hashed asset is asked, then it is served with a year-long immutable cache', async () => {
    const res = await request(appWithDist(dist)).get('/assets/x.js').expect(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('when the browser accepts gzip, then a text asset comes gzipped, cached and varied by encoding', async () => {
    const res = await request(appWithDist(dist))
      .get('/assets/x.js')
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe('console.log("app")');
  });

  describe('with the brotli copies the build writes', () => {
    const brotliDist = () => fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-dist-br-'));
    const script = 'console.log("brotli, please")';
    /** A build with index.html and `/assets/y.js` beside its brotli copy. */
    const distWithBrotliCopy = async () => {
      const root = await brotliDist();
      await fs.mkdir(path.join(root, 'assets'));
      await fs.writeFile(path.join(root, 'index.html'), INDEX);
      await fs.writeFile(path.join(root, 'assets', 'y.js'), script);
      await fs.writeFile(path.join(root, 'assets', 'y.js.br'), brotliCompressSync(script));
      return root;
    };
    const raw = (res: request.Response, callback: (err: Error | null, body: Buffer) => void) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    };
    const get = (root: string, url: string, encoding: string) =>
      request(appWithDist(root))
        .get(url)
        .set('Accept-Encoding', encoding)
        .buffer(true)
        .parse(raw)
        .expect(200);

    it('when Chrome asks (gzip listed first), then the brotli copy comes, varied by encoding', async () => {
      const root = await distWithBrotliCopy();

      const res = await get(root, '/assets/y.js', 'gzip, deflate, br, zstd');

      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // supertest decodes the body by its Content-Encoding.
      expect((res.body as Buffer).toString()).toBe(script);
      // A browser without brotli gets gzip of the same file.
      const gzipped = await get(root, '/assets/y.js', 'gzip');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect((gzipped.body as Buffer).toString()).toBe(script);
    });

    it('when a brotli copy is asked for by its own name, then it is not found', async () => {
      const root = await distWithBrotliCopy();
      await fs.writeFile(path.join(root, 'page.css.br'), brotliCompressSync('a{}'));

      const asset = await request(appWithDist(root)).get('/assets/y.js.br').expect(404);
      expect(asset.text).toBe('Not found');
      // Outside /assets/, an unknown path: the SPA's page, never the encoded bytes.
      const other = await request(appWithDist(root)).get('/page.css.br').expect(200);
      expect(other.headers['content-type']).toMatch(/html/);
    });

    it('when a file has no brotli copy, or only one older than itself, then gzip, or the file as it is', async () => {
      const root = await brotliDist();
      await fs.mkdir(path.join(root, 'assets'));
      await fs.writeFile(path.join(root, 'index.html'), INDEX);
      await fs.writeFile(path.join(root, 'assets', 'y.js.br'), brotliCompressSync('old'));
      const past = new Date(Date.now() - 60_000);
      await fs.utimes(path.join(root, 'assets', 'y.js.br'), past, past);
      await fs.writeFile(path.join(root, 'assets', 'y.js'), script);
      await fs.writeFile(path.join(root, 'assets', 'z.js'), script);

      for (const url of ['/assets/y.js', '/assets/z.js']) {
        const res = await get(root, url, 'gzip, br');
        expect(res.headers['content-encoding']).toBe('gzip');
        expect((res.body as Buffer).toString()).toBe(script);
        const plain = await get(root, url, 'br');
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect((plain.body as Buffer).toString()).toBe(script);
      }
    });
  });

  it('when the browser does not accept gzip, then the asset comes as it is', async () => {
    const res = await request(appWithDist(dist))
      .get('/assets/x.js')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe('console.log("app")');
  });

  it('when a top-level file is asked, then it is served but revalidated', async () => {
    const res = await request(appWithDist(dist)).get('/robots.txt').expect(200);
    expect(res.text).toBe('User-agent: *');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('when a missing asset is asked, then 404 rather than HTML in its place', async () => {
    const res = await request(appWithDist(dist)).get('/assets/gone-after-deploy.js').expect(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });

  it('when HEAD asks for a client route, then 200 with no body', async () => {
    const res = await request(appWithDist(dist)).head('/blogs').expect(200);
    expect(res.headers['content-type']).toMatch(/html/);
  });

  it('when an unknown /api path is asked, then the JSON 404, not the app', async () => {
    const res = await request(appWithDist(dist))
      .get('/api/nope')
      .expect(404)
      .expect('Content-Type', /json/);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('when the client was never built, then 503 telling to run the build', async () => {
    const res = await request(appWithDist(path.join(dist, 'missing')))
      .get('/some/page')
      .expect(503);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toContain('npm run build');
  });

  describe('with a copy of index.html per landing page (the client build writes them)', () => {
    let pagesDist: string;
    const page = (name: string) => `${INDEX}<link rel="modulepreload" href="/assets/${name}.js">`;

    beforeAll(async () => {
      pagesDist = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-dist-pages-'));
      await fs.writeFile(path.join(pagesDist, 'index.html'), INDEX);
      await fs.mkdir(path.join(pagesDist, '.pages'));
      await fs.writeFile(path.join(pagesDist, '.pages', 'home.html'), page('home'));
      await fs.writeFile(path.join(pagesDist, '.pages', 'tool.html'), page('tool'));
      await fs.writeFile(path.join(pagesDist, '.pages', 'tools.html'), page('tools-drawn'));
      await fs.writeFile(path.join(pagesDist, '.pages', 'tools.query.html'), page('tools'));
      await fs.writeFile(
        path.join(pagesDist, '.pages', 'routes.json'),
        JSON.stringify([
          { path: '/', file: '.pages/home.html' },
          { path: '/tools', file: '.pages/tools.html', withQuery: '.pages/tools.query.html' },
          { prefix: '/tool/', file: '.pages/tool.html' },
          { path: '/cart', file: '.pages/cart.html' },
        ]),
      );
    });
    afterAll(() => fs.rm(pagesDist, { recursive: true, force: true }));

    it.each([
      ['/', 'gzip', page('home')],
      ['/tool/abc', 'gzip', page('tool')],
      ['/tool/abc', 'identity', page('tool')],
      ['/tool/', 'gzip', INDEX],
      ['/?utm_source=mail', 'gzip', page('home')],
      // The drawn first screen is the bare URL's; with a query, the copy without it.
      ['/tools', 'gzip', page('tools-drawn')],
      ['/tools?category=hand-tools', 'gzip', page('tools')],
      ['/tools?search=drill', 'identity', page('tools')],
      ['/login', 'identity', INDEX],
    ])('when %s is asked (%s), then its own page answers', async (url, encoding, body) => {
      const res = await request(appWithDist(pagesDist))
        .get(url)
        .set('Accept-Encoding', encoding)
        .expect(200)
        .expect('Content-Type', /html/);
      expect(res.text).toBe(body);
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('when a listed page is missing from the build, then index.html answers', async () => {
      const res = await request(appWithDist(pagesDist))
        .get('/cart')
        .set('Accept-Encoding', 'identity')
        .expect(200);
      expect(res.text).toBe(INDEX);
    });

    it('when a page copy is asked by its own path, then the app answers, not the file', async () => {
      const res = await request(appWithDist(pagesDist))
        .get('/.pages/home.html')
        .set('Accept-Encoding', 'identity')
        .expect(200);
      expect(res.text).toBe(INDEX);
    });
  });
});
