#!/usr/bin/env node
// Reports the JavaScript the home route loads before it is interactive: the entry script and
// the modules index.html preloads, gzip-compressed. Lazy routes are not counted.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'client', 'dist');

export function initialJs(distDir = dist) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g))
    files.add(m[1]);
  let raw = 0;
  let gzip = 0;
  const rows = [];
  for (const file of files) {
    const buf = fs.readFileSync(path.join(distDir, file.replace(/^\//, '')));
    const gz = zlib.gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gzip += gz;
    rows.push({ file, kB: +(buf.length / 1024).toFixed(1), gzipKB: +(gz / 1024).toFixed(1) });
  }
  return { rows, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gzip / 1024).toFixed(1) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = initialJs();
  console.table(report.rows);
  console.log(
    `Home route initial JS: ${report.gzipKB} kB gzip (${report.rawKB} kB raw); target <= 150 kB gzip`,
  );
}
