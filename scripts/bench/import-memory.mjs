// Catalogue import memory (issue 48): the server's peak RSS while it reads a file with one
// 11 MB cell (refused: a cell is at most IMPORT_MAX_CELL_CHARS), and a 20,000-row dry run (half
// changes of existing tools, half new ones, each listed with its values in the answer); target
// under 200 MB each. `npm run bench` runs it; `node scripts/bench/import-memory.mjs` runs it
// alone (after `npm run build -w server`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchCategories, benchSku, syntheticTools } from './catalogue.mjs';
import { peakRss, rssMB } from './peak-rss.mjs';

export const IMPORT_RSS_TARGET_MB = 200;
const ROWS = 20_000;
const EXISTING = ROWS / 2;
const ADMIN = 'bench-admin@toolworks.example';
// A catalogue's description is a paragraph or two: rows of about 550 characters, so that
// 20,000 of them come near the largest file an import takes (12 million characters).
const SPEC_SHEET =
  'Drop-forged chrome-vanadium steel, hardened and tempered through, with a satin finish that resists rust. The grip is two-component, oil-resistant and sized for a gloved hand. Tested to twice its rated load; every piece is marked with its batch for tracing. Sold by the box of ten, shrink-wrapped; the box carries the SKU as a barcode for goods-in scanning.';
const HEADER =
  'SKU,Name,Category,Price,Volume prices,Specifications,Stock,Minimum order quantity,Image,Datasheet,Description';

function rowsCsv(tools) {
  const lines = [HEADER];
  for (let i = 0; i < ROWS; i++) {
    const tool = tools[i % EXISTING];
    const sku = i < EXISTING ? tool.sku : benchSku(200_000 + i);
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
        `"${tool.description} ${SPEC_SHEET}"`,
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const bigCellCsv = () =>
  `${HEADER}\r\nBN-BIG-1,Big,hand-tools,1.00,,,1,1,/images/tools/vise.svg,,"${'x'.repeat(11 * 2 ** 20)}"\r\n`;

/** `bench` = { openStore, startShop, stop, signAccessToken, jwt, dataDir }. */
export async function benchImportMemory(bench) {
  const tools = syntheticTools(EXISTING, 13);
  const store = await bench.openStore({ dataDir: bench.dataDir, mongo: undefined });
  for (const slug of benchCategories) await store.categories.create({ slug, name: slug });
  await store.tools.insertMany(tools);
  await store.users.upsert(ADMIN, 'Bench Admin');
  await store.users.makeAdmin(ADMIN);
  await store.close();
  const token = bench.signAccessToken(ADMIN, { jwt: bench.jwt });
  const rows = [];
  const lines = [];
  for (const [label, csv] of [
    ['one 11 MB cell', bigCellCsv()],
    [`${ROWS.toLocaleString('en-US')} rows, dry run`, rowsCsv(tools)],
  ]) {
    // A shop of its own for each file: one's leftovers are not the other's peak.
    const shop = await bench.startShop(bench.dataDir);
    try {
      const before = rssMB(shop.child.pid);
      const t0 = performance.now();
      const run = await peakRss(shop.child.pid, async () => {
        const res = await fetch(`${shop.url}/api/admin/catalogue/import?dryRun=true`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ csv }),
        });
        const answer = await res.json();
        return { status: res.status, answer };
      });
      const ms = performance.now() - t0;
      const expected = label.includes('cell')
        ? run.status === 400
        : run.status === 200 && run.answer.rows?.length === ROWS;
      if (!expected)
        console.error(`import ${label}:`, run.status, JSON.stringify(run.answer).slice(0, 300));
      const phase = `POST /api/admin/catalogue/import, ${label} (${(csv.length / 2 ** 20).toFixed(1)} MB)`;
      rows.push({
        phase,
        rps: +(1000 / ms).toFixed(2),
        p50: +ms.toFixed(0),
        p99: +ms.toFixed(0),
        errors: expected ? 0 : 1,
        rssMB: run.rssMB,
      });
      lines.push(
        `catalogue import, ${label}: server peak RSS ${run.rssMB} MB (target < ${IMPORT_RSS_TARGET_MB} MB: ${run.rssMB < IMPORT_RSS_TARGET_MB && expected ? 'met' : 'NOT met'}); ${before} MB before; answered ${run.status} in ${ms.toFixed(0)} ms`,
      );
    } finally {
      await bench.stop(shop.child);
    }
  }
  return { rows, lines };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const { openStore } = await import(path.join(root, 'server/dist/store/index.js'));
  const { signAccessToken } = await import(path.join(root, 'server/dist/auth/index.js'));
  const { JWT, startShop, stop } = await import('./shop-process.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolworks-import-memory-'));
  try {
    const { rows, lines } = await benchImportMemory({
      openStore,
      startShop,
      stop,
      signAccessToken,
      jwt: JWT,
      dataDir,
    });
    console.table(rows);
    for (const line of lines) console.log(line);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
