// Contract prices (issue 50): a company member's catalogue page against the anonymous one, with
// 5,000 price-list lines assigned to the member's company (target >= 0.8x the anonymous
// requests/s), and the explain route (target p99 < 10 ms). Both pages run in one shop, one after
// the other, so the ratio compares like with like on this machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchCategories, benchSku, syntheticTools } from './catalogue.mjs';

export const PRICING_TOOLS = 5_000;
export const PRICING_LINES = 5_000;
const ADMIN = 'bench-admin@toolworks.example';
const BUYER = 'bench-contract-buyer@toolworks.example';

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** `bench` = { openStore, startShop, stop, peakRss, signAccessToken, jwt, dataDir, seconds }. */
export async function benchPricing(bench) {
  const tools = syntheticTools(PRICING_TOOLS, 13);
  const store = await bench.openStore({ dataDir: bench.dataDir, mongo: undefined });
  for (const slug of benchCategories) await store.categories.create({ slug, name: slug });
  await store.tools.insertMany(tools);
  await store.users.upsert(ADMIN, 'Bench Admin');
  await store.users.makeAdmin(ADMIN);
  await store.users.upsert(BUYER, 'Contract Buyer');
  const company = await store.companies.create(
    {
      name: 'Bench Distributor',
      vatId: '',
      billingAddress: '1 Bench Street',
      deliveryAddresses: [],
      paymentTerms: 'none',
      creditLimitCents: 0,
    },
    { email: BUYER, name: 'Contract Buyer' },
  );
  const now = new Date().toISOString();
  const rules = [
    { type: 'all', percentOff: 10 },
    { type: 'category', category: benchCategories[0], percentOff: 25 },
    ...Array.from({ length: PRICING_LINES - 2 }, (_, i) => ({
      type: 'fixed',
      sku: benchSku(i),
      priceCents: Math.max(1, Math.round(tools[i].priceCents * 0.7)),
      breaks: [
        { minQuantity: 100, priceCents: Math.max(1, Math.round(tools[i].priceCents * 0.6)) },
      ],
      minimumOrderQuantity: null,
      orderMultiple: null,
    })),
  ];
  const list = await store.priceLists.create(
    {
      name: 'Bench contract',
      currency: 'USD',
      validFrom: null,
      validTo: null,
      parentId: null,
      versions: [{ startsOn: null, rules }],
    },
    now,
  );
  await store.priceLists.setCompanyPricing(company._id, {
    priceListIds: [list._id],
    pricePolicy: 'lowest',
  });
  await store.close();

  const buyerToken = bench.signAccessToken(BUYER, { jwt: bench.jwt });
  const adminToken = bench.signAccessToken(ADMIN, { jwt: bench.jwt });
  const shop = await bench.startShop(bench.dataDir);
  const rows = [];
  try {
    const url = `${shop.url}/api/tools?limit=24`;
    const member = await fetch(url, { headers: { authorization: `Bearer ${buyerToken}` } });
    const page = await member.json();
    const priced = (page.tools ?? page).filter?.((tool) => tool.contractPrice).length ?? 0;
    const load = (headers) =>
      autocannon({ url, connections: 50, duration: bench.seconds, headers });
    const measured = {};
    for (const [who, headers] of [
      ['anonymous', {}],
      ['company member, 5,000-line contract', { authorization: `Bearer ${buyerToken}` }],
    ]) {
      const run = await bench.peakRss(shop.child.pid, async () => {
        const r = await load(headers);
        return {
          rps: Math.round(r.requests.average),
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors + r.non2xx,
        };
      });
      measured[who] = run;
      rows.push({ phase: `GET /api/tools?limit=24 on ${PRICING_TOOLS} tools, ${who}`, ...run });
    }
    const times = [];
    let errors = 0;
    for (let i = 0; i < 1000; i++) {
      const sku = benchSku((i * 37) % PRICING_TOOLS);
      const t0 = performance.now();
      const res = await fetch(
        `${shop.url}/api/pricing/explain?sku=${sku}&quantity=${1 + (i % 150)}&companyId=${company._id}`,
        { headers: { authorization: `Bearer ${adminToken}` } },
      );
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (!res.ok) errors += 1;
    }
    times.sort((a, b) => a - b);
    const explain = {
      phase: 'GET /api/pricing/explain, 5,000-line contract (sequential)',
      rps: Math.round(1000 / (times.reduce((a, b) => a + b, 0) / times.length)),
      p50: +percentile(times, 50).toFixed(2),
      p99: +percentile(times, 99).toFixed(2),
      errors,
    };
    rows.push(explain);
    const anonymous = measured.anonymous;
    const contract = measured['company member, 5,000-line contract'];
    const ratio = contract.rps / anonymous.rps;
    const lines = [
      `contract prices: member page / anonymous page, requests/s ${ratio.toFixed(3)} (target >= 0.8: ${ratio >= 0.8 ? 'met' : 'NOT met'}); ${priced} of 24 tools carried a contract price`,
      `explain: p50 ${explain.p50} ms, p99 ${explain.p99} ms (target p99 < 10 ms: ${explain.p99 < 10 && errors === 0 ? 'met' : 'NOT met'})`,
    ];
    return { rows, lines };
  } finally {
    await bench.stop(shop.child);
  }
}

// `node scripts/bench/pricing-phase.mjs` runs this phase alone (after `npm run build -w server`).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const { openStore } = await import(path.join(root, 'server/dist/store/index.js'));
  const { signAccessToken } = await import(path.join(root, 'server/dist/auth/index.js'));
  const { JWT, startShop, stop } = await import('./shop-process.mjs');
  const { peakRss } = await import('./peak-rss.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolworks-pricing-bench-'));
  try {
    const { rows, lines } = await benchPricing({
      openStore,
      startShop,
      stop,
      peakRss,
      signAccessToken,
      jwt: JWT,
      dataDir,
      seconds: Number(process.env.BENCH_SECONDS ?? 10),
    });
    console.table(rows);
    for (const line of lines) console.log(line);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
