import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** A path under the client's folder (this file is in client/build/). */
const fromClient = (relative: string) => fileURLToPath(new URL(`../${relative}`, import.meta.url));

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
export function finishFiles(): Plugin {
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
      const outDir = options.dir ?? fromClient('dist');
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
