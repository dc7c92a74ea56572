import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { FunctionComponent } from 'react';
import type { OutputBundle } from 'rolldown';
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { paths } from './src/config/paths';
import { heroSlides } from './src/features/marketing/components/hero-slides';

const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

interface RoutePage {
  /** The page's file name: dist/.pages/<name>.html. */
  name: string;
  /** The route's lazy module, whose chunk and static imports the page preloads. */
  module: string;
  /** The URLs that get this page: exact paths, and paths under a prefix. */
  paths?: string[];
  prefix?: string;
  /** Images the page paints first (its largest paint), fetched with the scripts. */
  images?: string[];
  /**
   * A component (module path from the client's root, and its export) drawn into the page's
   * HTML at build time, in place of index.html's loader: the page's first screen paints before
   * any script has run, from the route's own stylesheet, which the page then links (blocking
   * the first paint, as a stylesheet must). React renders the page over it once it has loaded.
   */
  prerender?: Prerender;
  /**
   * The drawn first screen is the bare URL's (`/tools`: all tools, no filter). A URL with a query
   * (`/tools?category=...`) would show it until React draws the filtered page: for those the
   * build writes a copy without it (`<name>.query.html`, same preloads, index.html's loader).
   */
  drawnWithoutQuery?: boolean;
  /**
   * Which stylesheets a drawn page links: its route chunk's own (default; home's hero), or also
   * those of the chunks the route imports (`all`: the catalogue's filters and cards live there).
   */
  stylesheets?: 'route' | 'all';
  /**
   * The page's first screen drawn with placeholders, once per variant (its props), for the
   * server to fill per request: written to dist/.pages/<name>.first-screen.json as
   * `{ title, screens: { [variant]: markup } }` (server/src/lib/tool-page-html.ts).
   */
  template?: Prerender & { variants: Record<string, Record<string, unknown>> };
}

interface Prerender {
  module: string;
  component: string;
}

/**
 * Renders `prerender` to static HTML with Vite's SSR loader (no browser, no data). React puts
 * the page's <title> first in the markup: it is returned apart, for the page's <head>.
 */
async function renderStatic(
  prerender: Prerender,
  props: Record<string, unknown> = {},
): Promise<{ markup: string; title?: string }> {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: false,
    root: fromHere('.'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    resolve: { alias: { '@': fromHere('./src') } },
    // @toolworks/contract's TypeScript source, as the client build bundles it.
    ssr: { resolve: { conditions: ['@toolworks/source', ...defaultServerConditions] } },
    plugins: [react()],
  });
  try {
    const module = await server.ssrLoadModule(prerender.module);
    const { createElement } = await import('react');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const component = module[prerender.component] as FunctionComponent<Record<string, unknown>>;
    const html = renderToStaticMarkup(createElement(component, props));
    // React hoists a preload of a high-priority image into the markup: the page's <head>
    // already has it (or, on a tool's page, the server adds it).
    const hoisted = /^(?:<link [^>]*\/>|<title>[^<]*<\/title>)+/.exec(html)?.[0] ?? '';
    const title = /<title>([^<]*)<\/title>/.exec(hoisted)?.[1];
    return { markup: html.slice(hoisted.length), title };
  } finally {
    await server.close();
  }
}

/**
 * Writes a copy of index.html for each page people land on (home, the catalogue, a tool's page,
 * the cart and checkout) that preloads that page's lazy chunk, the chunks and styles it imports,
 * and its first image, so the page does not wait for the entry script to ask for them: one
 * round trip less before its largest paint. Every other URL gets index.html, which preloads no
 * route: a page no longer downloads (and a phone no longer parses) the chunks of three others.
 * The server picks the copy by the request's path from dist/.pages/routes.json
 * (server/src/lib/serve-spa.ts); a dot folder, so the static files never serve it.
 */
function routePages(pages: RoutePage[]): Plugin {
  const chunksOf = (bundle: OutputBundle, fileName: string, into: Set<string>) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || into.has(fileName)) return;
    into.add(fileName);
    for (const imported of chunk.imports) chunksOf(bundle, imported, into);
  };
  return {
    name: 'toolworks:route-pages',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? fromHere('./dist');
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      // The entry's own stylesheet is inlined in index.html (inlineEntryCss), not linked.
      const inlined = new Set<string>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' && item.isEntry)
          item.viteMetadata?.importedCss.forEach((c) => inlined.add(c));
      }
      const missing = (file: string) => !html.includes(`/${file}"`) && !inlined.has(file);
      const pagesDir = path.join(outDir, '.pages');
      fs.mkdirSync(pagesDir, { recursive: true });
      const routes: {
        path?: string;
        prefix?: string;
        file: string;
        firstScreen?: string;
        withQuery?: string;
      }[] = [];
      for (const page of pages) {
        const route = Object.values(bundle).find(
          (item) => item.type === 'chunk' && item.facadeModuleId?.endsWith(page.module),
        );
        if (!route) throw new Error(`routePages: no chunk for ${page.module}`);
        const files = new Set<string>();
        chunksOf(bundle, route.fileName, files);
        const css = new Set<string>();
        for (const file of files) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.viteMetadata?.importedCss.forEach((c) => css.add(c));
        }
        for (const image of page.images ?? []) {
          if (!fs.existsSync(path.join(outDir, image)))
            throw new Error(`routePages: ${image} is not in the build`);
        }
        // A page drawn at build time links the stylesheets its markup needs to paint.
        const drawn = page.prerender ?? page.template;
        const ownCss = new Set<string>(
          !drawn ? [] : page.stylesheets === 'all' ? css : route.viteMetadata?.importedCss,
        );
        const tags = [
          ...[...ownCss]
            .filter(missing)
            .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
          ...(page.images ?? []).map(
            (image) => `<link rel="preload" as="image" href="${image}" fetchpriority="high">`,
          ),
          ...[...files]
            .filter(missing)
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...[...css]
            .filter((file) => missing(file) && !ownCss.has(file))
            .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ];
        const file = `.pages/${page.name}.html`;
        let pageHtml = html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
        const withQuery = page.drawnWithoutQuery ? `.pages/${page.name}.query.html` : undefined;
        if (withQuery) fs.writeFileSync(path.join(outDir, withQuery), pageHtml);
        if (page.prerender) {
          const loader = /<main id="main">[\s\S]*?<\/main>/;
          if (!loader.test(pageHtml))
            throw new Error('routePages: index.html has no <main id="main">');
          const { markup, title } = await renderStatic(page.prerender);
          pageHtml = pageHtml.replace(loader, () => `<main id="main">${markup}</main>`);
          if (title)
            pageHtml = pageHtml.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
        }
        if (page.template) {
          const screens: Record<string, string> = {};
          let title: string | undefined;
          for (const [variant, props] of Object.entries(page.template.variants)) {
            const drawn = await renderStatic(page.template, props);
            screens[variant] = drawn.markup;
            title ??= drawn.title;
          }
          fs.writeFileSync(
            path.join(pagesDir, `${page.name}.first-screen.json`),
            `${JSON.stringify({ title, screens }, null, 2)}\n`,
          );
        }
        fs.writeFileSync(path.join(outDir, file), pageHtml);
        const firstScreen = page.template ? `.pages/${page.name}.first-screen.json` : undefined;
        for (const exact of page.paths ?? [])
          routes.push({ path: exact, file, firstScreen, withQuery });
        if (page.prefix) routes.push({ prefix: page.prefix, file, firstScreen });
      }
      fs.writeFileSync(path.join(pagesDir, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
    },
  };
}

/**
 * Inlines the entry's stylesheet into index.html: the header and loader that index.html paints
 * need no second round trip before the first paint. The server allows the <style> element by
 * its hash in the Content-Security-Policy (server/src/lib/security-headers.ts).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'toolworks:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (link, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return link;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}

/**
 * Two last touches to the written scripts and stylesheets, one after the other:
 *
 * - V8's explicit compile hint on the entry script (React, the router, TanStack Query, the app
 *   shell), nearly all of which runs at start-up: with `//# allFunctionsCalledOnLoad` as its
 *   first line, Chrome (136 and later) compiles all of its functions on a background thread while
 *   the file streams in, rather than each one on the main thread at its first call. Other
 *   browsers read a comment. Written into the file on disk: the minifier would drop a comment,
 *   and Vite puts its preload map at the top of the entry after every plugin's `generateBundle`.
 *   Main thread's CPU time while a page loads cold, in A/B pairs: 4-17% less, about as much as
 *   the runs vary (docs/performance.md).
 * - A brotli copy (`<file>.br`, best level) of each, which the server sends to browsers that take
 *   brotli (server/src/lib/serve-spa.ts): the entry is 107 kB instead of gzip's 123 kB. Too slow
 *   to make on a request (0.7 s for the entry), so made here, once.
 */
function finishFiles(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  const brotli = (raw: Buffer) =>
    promisify(zlib.brotliCompress)(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
  return {
    name: 'toolworks:finish-files',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? fromHere('./dist');
      const files = Object.values(bundle).filter((item) => /\.(?:js|css)$/.test(item.fileName));
      // Compressed on libuv's threads, side by side.
      await Promise.all(
        files.map(async (item) => {
          const file = path.join(outDir, item.fileName);
          let raw = fs.readFileSync(file);
          if (item.type === 'chunk' && item.isEntry) {
            raw = Buffer.concat([Buffer.from(hint), raw]);
            fs.writeFileSync(file, raw);
          }
          fs.writeFileSync(`${file}.br`, await brotli(raw));
        }),
      );
    },
  };
}

/**
 * React Router's production build in the shop's bundle. Its package.json sends every import to
 * `dist/development` (remix-run/react-router#12532, #14102: meant to be temporary), whose
 * `ENABLE_DEV_WARNINGS` is on: the shop's pages carried the router's development warnings
 * (1.7 kB raw), printed to a visitor's console whenever one applied. The package ships the same
 * build for production beside it: each import resolves as the package says, then to its twin
 * under `dist/production`. A twin missing (a release that moved them) fails the build, as does any
 * development file left in the bundle, rather than ship the wrong one quietly; a release that
 * resolves to production itself is left as it is.
 */
function reactRouterProduction(): Plugin {
  // Module ids are POSIX paths on every system (Vite normalises them).
  const development = '/react-router/dist/development/';
  const production = '/react-router/dist/production/';
  return {
    name: 'toolworks:react-router-production',
    apply: 'build',
    // Before Vite's own resolver, which would answer with the package's development file.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.includes(development)) return resolved;
      const twin = resolved.id.replace(development, production);
      if (!fs.existsSync(twin))
        this.error(`react-router: no production build beside ${resolved.id} (expected ${twin})`);
      return { ...resolved, id: twin };
    },
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const stray = Object.keys(item.modules).find((id) => id.includes(development));
        if (stray) this.error(`react-router's development build is in ${item.fileName}: ${stray}`);
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    routePages([
      {
        name: 'home',
        module: 'src/app/routes/home.tsx',
        paths: [paths.root, paths.home],
        // The first slide is the home page's largest paint on a phone.
        images: [heroSlides[0]!.image],
        prerender: {
          module: '/src/features/marketing/components/hero-carousel.tsx',
          component: 'HeroCarousel',
        },
      },
      {
        name: 'tools',
        module: 'src/app/routes/tools.tsx',
        paths: [paths.tools],
        // Its largest paint is the heading; the tools' photos come after the API's answer.
        prerender: { module: '/src/app/first-screens.tsx', component: 'ToolsFirstScreen' },
        drawnWithoutQuery: true,
        stylesheets: 'all',
      },
      {
        name: 'tool',
        module: 'src/app/routes/tool.tsx',
        prefix: paths.tool(''),
        // The server fills it with the tool asked for (server/src/lib/tool-page-html.ts); an
        // unknown id gets the page as it is (the loader, then the client's 404).
        template: {
          module: '/src/app/first-screens.tsx',
          component: 'ToolFirstScreen',
          variants: { uploaded: { photo: 'uploaded' }, url: { photo: 'url' } },
        },
      },
      { name: 'cart', module: 'src/app/routes/cart.tsx', paths: [paths.cart] },
      { name: 'checkout', module: 'src/app/routes/checkout.tsx', paths: [paths.checkout] },
    ]),
    inlineEntryCss(),
    finishFiles(),
    reactRouterProduction(),
  ],
  resolve: {
    alias: { '@': fromHere('./src') },
    // @toolworks/contract's TypeScript source, bundled like our own (its package.json `exports`).
    conditions: ['@toolworks/source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': 'http://localhost:3001' },
  },
  preview: { port: 4173, strictPort: true, proxy: { '/api': 'http://localhost:3001' } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route loads, for the bench's initial-JS table
    // (scripts/bundle-size.mjs). A dot folder: the server's static files never serve it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry loads (React, the router, TanStack Query, the app shell) in one
        // file, not the entry plus a dozen small shared chunks: each is a request a phone on a
        // slow network waits a round trip for, and every page loads them all anyway. The routes'
        // lazy chunks stay as they are.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The small components and helpers several routes share (form fields, stars, the
            // submit guard, error states): one file of about 5 kB (gzip), not a 1 kB request
            // each. Cart 10 → 7 files, purchase 15 → 8, for 3 kB more per page; Lighthouse
            // (cold, median of three) rose on all five landing pages (docs/performance.md).
            { name: 'shared', test: /\/src\/(components|lib)\//, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 15_000,
  },
});
