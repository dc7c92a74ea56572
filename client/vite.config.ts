import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { OutputBundle } from 'rolldown';
import { defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * Preloads the lazy chunks (and the chunks and styles they import) of the pages people land on
 * from outside (home, the catalogue, a tool's page) from index.html, so those routes do not wait
 * for the entry script to ask for them: one round trip less before their largest paint. Each
 * costs the other pages a few kB (the catalogue's two about 4 kB gzip together).
 */
function preloadRoutes(routeModules: string[]): Plugin {
  const chunksOf = (bundle: OutputBundle, fileName: string, into: Set<string>) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || into.has(fileName)) return;
    into.add(fileName);
    for (const imported of chunk.imports) chunksOf(bundle, imported, into);
  };
  return {
    name: 'toolworks:preload-routes',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        const files = new Set<string>();
        for (const routeModule of routeModules) {
          const route = Object.values(bundle).find(
            (item) => item.type === 'chunk' && item.facadeModuleId?.endsWith(routeModule),
          );
          if (!route) throw new Error(`preloadRoutes: no chunk for ${routeModule}`);
          chunksOf(bundle, route.fileName, files);
        }
        const css = new Set<string>();
        for (const file of files) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.viteMetadata?.importedCss.forEach((c) => css.add(c));
        }
        const missing = (file: string) => !html.includes(`/${file}"`);
        return [
          ...[...files].filter(missing).map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...css].filter(missing).map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
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

export default defineConfig({
  plugins: [
    react(),
    preloadRoutes([
      'src/app/routes/home.tsx',
      'src/app/routes/tools.tsx',
      'src/app/routes/tool.tsx',
    ]),
    inlineEntryCss(),
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
