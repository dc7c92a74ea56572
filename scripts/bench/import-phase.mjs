// Catalogue import (issue 25): a 10,000-row CSV (half updates of existing tools, half new ones)
// sent to POST /api/admin/catalogue/import as a dry run and then applied; target under 10 s each.
// `npm run bench` runs it; `node scripts/bench/import-phase.mjs` runs it alone (after
// `npm run build -w server`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchCategories, benchSku, syntheticTools } from './catalogue.mjs';

export const IMPORT_ROWS = 10_000;
export const IMPORT_TARGET_MS = 10_000;
const EXISTING = IMPORT_ROWS / 2;
const ADMIN = 'bench-admin@toolworks.example';
const HEADER =
  'SKU,Name,Category,Price,Volume prices,Specifications,Stock,Minimum order quantity,Image,Datasheet,Description';

function importCsv(tools) {
  const lines = [HEADER];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const tool = tools[i % EXISTING];
    // The first half repriced and restocked, the second half new SKUs.
    const sku = i < EXISTING ? tool.sku : benchSku(100_000 + i);
    const price = ((tool.priceCents + 100) / 100).toFixed(2);
    lines.push(
      [
        sku,
        i < EXISTING ? tool.name : `Imported ${tool.name}`,
        tool.category,
        price,
        `100:${(Number(price) * 0.9).toFixed(2)}`,
        'Material: steel | Weight: 1.2 kg',
        tool.availableQuantity + 100,
        tool.minimumOrderQuantity,
        tool.img,
        '',
        `"${tool.description}"`,
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `bench` = { openStore, startShop, stop, signAccessToken, jwt, dataDir }. */
export async function benchImport(bench) {
  const tools = syntheticTools(EXISTING, 11);
  const store = await bench.openStore({ dataDir: bench.dataDir, mongo: undefined });
  // The import checks each row's category against the shop's.
  for (const slug of benchCategories) await store.categories.create({ slug, name: slug });
  await store.tools.insertMany(tools);
  await store.users.upsert(ADMIN, 'Bench Admin');
  await store.users.makeAdmin(ADMIN);
  await store.close();
  const token = bench.signAccessToken(ADMIN, { jwt: bench.jwt });
  const csv = importCsv(tools);
  const shop = await bench.startShop(bench.dataDir);
  const rows = [];
  try {
    for (const dryRun of [true, false]) {
      const t0 = performance.now();
      const res = await fetch(`${shop.url}/api/admin/catalogue/import?dryRun=${dryRun}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ csv }),
      });
      const report = await res.json();
      const ms = performance.now() - t0;
      const ok =
        res.ok &&
        report.counts?.create === IMPORT_ROWS - EXISTING &&
        report.counts?.change === EXISTING &&
        report.applied === !dryRun;
      if (!ok)
        console.error('import phase answer:', res.status, JSON.stringify(report).slice(0, 500));
      rows.push({
        phase: `POST /api/admin/catalogue/import, ${IMPORT_ROWS.toLocaleString('en-US')} rows (${dryRun ? 'dry run' : 'apply'})`,
        rps: +(1000 / ms).toFixed(2),
        p50: +ms.toFixed(0),
        p99: +ms.toFixed(0),
        errors: ok ? 0 : 1,
      });
    }
  } finally {
    await bench.stop(shop.child);
  }
  return rows;
}

/** The line `npm run bench` prints under its table. */
export const importSummary = (rows) =>
  rows
    .map(
      (r) =>
        `${r.phase}: ${r.p50.toLocaleString('en-US')} ms (target < ${IMPORT_TARGET_MS.toLocaleString('en-US')} ms: ${r.p50 < IMPORT_TARGET_MS && r.errors === 0 ? 'met' : 'NOT met'})`,
    )
    .join('\n');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const { openStore } = await import(path.join(root, 'server/dist/store/index.js'));
  const { signAccessToken } = await import(path.join(root, 'server/dist/auth/index.js'));
  const { JWT, startShop, stop } = await import('./shop-process.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolworks-import-bench-'));
  try {
    const rows = await benchImport({
      openStore,
      startShop,
      stop,
      signAccessToken,
      jwt: JWT,
      dataDir,
    });
    console.table(rows);
    console.log(importSummary(rows));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
