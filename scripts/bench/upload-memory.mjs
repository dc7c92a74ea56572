// Photo uploads (issue 48): 40 large photos sent at once, as an admin dropping a camera's folder
// on four tools; each upload that is told to wait (503) comes back after its Retry-After, so all
// 40 are converted. Reports the server's peak RSS (target < 300 MB) and its RSS 5 s after the
// last answer. `npm run bench` runs it; `node scripts/bench/upload-memory.mjs` runs it alone
// (after `npm run build -w server`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { peakRss, rssMB } from './peak-rss.mjs';

// The server's own sharp (a dependency of the server workspace, not of the scripts).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sharp = createRequire(path.join(root, 'server/package.json'))('sharp');

export const UPLOADS = 40;
export const UPLOAD_RSS_TARGET_MB = 300;
const TOOLS = 4;
const ADMIN = 'bench-admin@toolworks.example';

/** A 24-megapixel camera JPEG of noise (which does not compress): about 9 MB, under the 10 MB cap. */
function cameraPhoto(seed) {
  return sharp({
    create: {
      width: 6000,
      height: 4000,
      channels: 3,
      background: { r: 90 + seed, g: 120, b: 60 },
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function uploadUntilTaken(url, token, bytes) {
  let busy = 0;
  for (;;) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` },
      body: bytes,
    });
    await res.arrayBuffer();
    if (res.status !== 503) return { status: res.status, busy };
    busy += 1;
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
  }
}

/** `bench` = { openStore, startShop, stop, signAccessToken, jwt, dataDir, env? }. */
export async function benchUploads(bench) {
  const store = await bench.openStore({ dataDir: bench.dataDir, mongo: undefined });
  const { syntheticTools } = await import('./catalogue.mjs');
  const tools = syntheticTools(TOOLS, 3);
  await store.tools.insertMany(tools);
  const ids = (await store.tools.getBySkus(tools.map((t) => t.sku))).map((t) => t._id);
  await store.users.upsert(ADMIN, 'Bench Admin');
  await store.users.makeAdmin(ADMIN);
  await store.close();
  const token = bench.signAccessToken(ADMIN, { jwt: bench.jwt });
  const photos = await Promise.all([0, 1, 2, 3].map(cameraPhoto));
  const shop = await bench.startShop(bench.dataDir, bench.env ?? {});
  try {
    const before = rssMB(shop.child.pid);
    const t0 = performance.now();
    const run = await peakRss(shop.child.pid, async () => ({
      answers: await Promise.all(
        Array.from({ length: UPLOADS }, (_, i) =>
          uploadUntilTaken(
            `${shop.url}/api/tools/${ids[i % TOOLS]}/images`,
            token,
            photos[i % photos.length],
          ),
        ),
      ),
    }));
    const seconds = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 5000));
    const after = rssMB(shop.child.pid);
    const errors = run.answers.filter((a) => a.status !== 201).length;
    return {
      row: {
        phase: `POST /api/tools/{id}/images, ${UPLOADS} x ${(photos[0].length / 2 ** 20).toFixed(1)} MB JPEG at once (rps = photos/s)`,
        rps: +(UPLOADS / seconds).toFixed(2),
        p50: undefined,
        p99: undefined,
        errors,
        rssMB: run.rssMB,
      },
      line: `photo uploads, ${UPLOADS} at once: server peak RSS ${run.rssMB} MB (target < ${UPLOAD_RSS_TARGET_MB} MB: ${run.rssMB < UPLOAD_RSS_TARGET_MB && errors === 0 ? 'met' : 'NOT met'}); ${before} MB before, ${after} MB 5 s after; ${run.answers.reduce((n, a) => n + a.busy, 0)} answers 503 (come back later), ${UPLOADS - errors} photos stored in ${seconds.toFixed(1)} s`,
    };
  } finally {
    await bench.stop(shop.child);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { openStore } = await import(path.join(root, 'server/dist/store/index.js'));
  const { signAccessToken } = await import(path.join(root, 'server/dist/auth/index.js'));
  const { JWT, startShop, stop } = await import('./shop-process.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolworks-upload-bench-'));
  try {
    const { row, line } = await benchUploads({
      openStore,
      startShop,
      stop,
      signAccessToken,
      jwt: JWT,
      dataDir,
    });
    console.table([row]);
    console.log(line);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
