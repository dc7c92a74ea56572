import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { finishFiles } from './build/finish-files';
import { inlineEntryCss } from './build/inline-entry-css';
import { reactRouterProduction } from './build/react-router-production';
import { routePages } from './build/route-pages';
import { paths } from './src/config/paths';
import { heroSlides } from './src/features/marketing/components/hero-slides';

const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

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
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
