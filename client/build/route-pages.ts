import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { FunctionComponent } from 'react';
import type { OutputBundle } from 'rolldown';
import { defaultServerConditions, type Plugin } from 'vite';

/** A path under the client's folder (this file is in client/build/). */
const fromClient = (relative: string) => fileURLToPath(new URL(`../${relative}`, import.meta.url));

export interface RoutePage {
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
    root: fromClient('.'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    resolve: { alias: { '@': fromClient('src') } },
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
export function routePages(pages: RoutePage[]): Plugin {
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
      const outDir = options.dir ?? fromClient('dist');
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
