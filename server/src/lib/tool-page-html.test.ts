import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Store } from '../store/store.js';
import { buildTool } from '../test/factories.js';
import { createTestStore } from '../test/test-store.js';
import { testDeps } from '../test/sign-in.js';

// The tool page's copy of index.html and its first screen with placeholders, as the client
// build writes them (client/vite.config.ts, `routePages`; client/src/app/first-screens.tsx).
const PAGE = `<!doctype html><html><head><meta name="description" content="The shop." /><title>Toolworks</title>
<link rel="modulepreload" href="/assets/tool.js"></head><body><div id="root"><header>Toolworks</header><main id="main"><div class="page-loader" role="status"></div></main></div></body></html>`;
const frame = (img: string) =>
  `<article class="container tool-page" aria-labelledby="tool-title"><nav aria-label="Breadcrumb" class="tool-breadcrumb"><a href="/tools">All tools</a></nav><div class="tool-page-main"><div class="tool-page-media">${img}</div><div class="tool-page-info"><h1 id="tool-title">%%TOOL_NAME%%</h1></div></div></article>`;
const FIRST_SCREEN = {
  title: '%%TOOL_NAME%% · Toolworks',
  screens: {
    uploaded: frame(
      '<img src="%%TOOL_PHOTO%%" srcSet="%%TOOL_PHOTO%% 1w" sizes="(min-width: 800px) 45vw, 100vw" width="%%TOOL_PHOTO_WIDTH%%" height="%%TOOL_PHOTO_HEIGHT%%" alt="%%TOOL_NAME%%" fetchPriority="high"/>',
    ),
    url: frame(
      '<img src="%%TOOL_PHOTO%%" width="400" height="300" alt="%%TOOL_NAME%%" fetchPriority="high"/>',
    ),
  },
};

let store: Store;
let cleanup: () => Promise<void>;
let dist: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-dist-tool-'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Toolworks</title>');
  await fs.mkdir(path.join(dist, '.pages'));
  await fs.writeFile(path.join(dist, '.pages', 'tool.html'), PAGE);
  await fs.writeFile(
    path.join(dist, '.pages', 'tool.first-screen.json'),
    JSON.stringify(FIRST_SCREEN),
  );
  await fs.writeFile(
    path.join(dist, '.pages', 'routes.json'),
    JSON.stringify([
      { prefix: '/tool/', file: '.pages/tool.html', firstScreen: '.pages/tool.first-screen.json' },
    ]),
  );
  app = createApp(testDeps(store, loadConfig({ NODE_ENV: 'test', CLIENT_DIST: dist })));
});
afterAll(async () => {
  await cleanup();
  await fs.rm(dist, { recursive: true, force: true });
});

const embedded = (html: string) =>
  JSON.parse(/<script type="application\/json" id="tool-data">([^<]*)<\/script>/.exec(html)![1]!);

describe('GET /tool/{id} (the page)', () => {
  it("when the tool exists, then its HTML has the tool's title, description, name and photo, and the API's answer", async () => {
    const tool = await store.tools.create(
      buildTool({ name: 'Torque Wrench 3/8"', description: 'Clicks at the set torque.' }),
    );
    const res = await request(app)
      .get(`/tool/${tool._id}`)
      .set('Accept-Encoding', 'identity')
      .expect(200)
      .expect('Content-Type', /html/);
    expect(res.text).toContain('<title>Torque Wrench 3/8&quot; · Toolworks</title>');
    expect(res.text).toContain('<meta name="description" content="Clicks at the set torque." />');
    expect(res.text).toContain('<h1 id="tool-title">Torque Wrench 3/8&quot;</h1>');
    expect(res.text).toContain(
      `<img src="${tool.img}" width="400" height="300" alt="Torque Wrench 3/8&quot;" fetchPriority="high"/>`,
    );
    expect(res.text).toContain(
      `<link rel="preload" as="image" href="${tool.img}" fetchpriority="high">`,
    );
    expect(res.text).not.toContain('page-loader');
    expect(res.text).not.toContain('%%');
    const api = await request(app).get(`/api/tool/${tool._id}`).expect(200);
    expect(embedded(res.text)).toEqual(api.body);
    // Revalidated like every page; gzipped for a browser that takes it.
    expect(res.headers['cache-control']).toBe('no-cache');
    const zipped = await request(app)
      .get(`/tool/${tool._id}`)
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zipped.text).toBe(res.text);
    // Revalidation answers 304 while the tool is unchanged.
    await request(app)
      .get(`/tool/${tool._id}`)
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', String(zipped.headers.etag))
      .expect(304);
  });

  it('when the tool has uploaded photos, then the photo has their srcset, sizes and shape, and is preloaded by them', async () => {
    const created = await store.tools.create(buildTool({ name: 'Bench Vice' }));
    const variants = [320, 640].map((width) => ({
      width,
      url: `/api/images/${created._id}/${'a'.repeat(24)}-${width}.webp`,
      key: `k${width}`,
    }));
    await store.tools.addImage(
      created._id,
      { _id: 'b'.repeat(24), width: 640, height: 480, variants },
      12,
    );
    const res = await request(app).get(`/tool/${created._id}`).set('Accept-Encoding', 'identity');
    const srcset = `${variants[0]!.url} 320w, ${variants[1]!.url} 640w`;
    expect(res.text).toContain(
      `<img src="${variants[1]!.url}" srcset="${srcset}" sizes="(min-width: 800px) 45vw, 100vw" width="640" height="480" alt="Bench Vice" fetchPriority="high"/>`,
    );
    expect(res.text).toContain(
      `<link rel="preload" as="image" href="${variants[1]!.url}" imagesrcset="${srcset}" imagesizes="(min-width: 800px) 45vw, 100vw" fetchpriority="high">`,
    );
  });

  it('when the tool has markup in its name and description, then it is shown escaped, never run', async () => {
    const name = '</title><script>alert(1)</script>';
    const tool = await store.tools.create(
      buildTool({ name, description: '"><script>alert(2)</script> & </script>' }),
    );
    const res = await request(app).get(`/tool/${tool._id}`).set('Accept-Encoding', 'identity');
    expect(res.text).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Toolworks</title>',
    );
    expect(res.text).toContain(
      '<h1 id="tool-title">&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>',
    );
    expect(res.text).toContain(
      'content="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt; &amp; &lt;/script&gt;"',
    );
    // The only <script> elements are the data block's own.
    expect(res.text.match(/<script/g)).toHaveLength(1);
    expect(res.text.match(/<\/script>/g)).toHaveLength(1);
    expect(embedded(res.text).name).toBe(name);
  });

  it('when two tools are asked, then each page carries its own tool', async () => {
    const [a, b] = [await store.tools.create(buildTool()), await store.tools.create(buildTool())];
    for (const tool of [a, b, a]) {
      const res = await request(app).get(`/tool/${tool._id}`).set('Accept-Encoding', 'identity');
      expect(res.text).toContain(`<h1 id="tool-title">${tool.name}</h1>`);
      expect(embedded(res.text)._id).toBe(tool._id);
    }
  });

  it.each([
    ['an unknown id', `/tool/${'0'.repeat(24)}`],
    ['a malformed id', '/tool/not-an-id'],
    ['an id and more', `/tool/${'0'.repeat(24)}/more`],
  ])(
    'when %s is asked, then the plain tool page answers (the client shows its 404)',
    async (_label, url) => {
      const res = await request(app)
        .get(url)
        .set('Accept-Encoding', 'identity')
        .expect(200)
        .expect('Content-Type', /html/);
      expect(res.text).toBe(PAGE);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );
});
