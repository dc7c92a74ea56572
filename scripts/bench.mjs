#!/usr/bin/env node
// `npm run bench`: measures the built server on this machine and prints one table.
// Nothing here is a pass/fail test; the numbers go into docs/performance.md.
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchCategories, syntheticTools } from './bench/catalogue.mjs';
import { BUYERS, HOT_TOOL_STOCK, ORDERS_TOTAL, runOrders, seedOrders } from './bench/orders.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { openStore } = await import(path.join(root, 'server/dist/store/index.js'));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const results = [];
// The orders phase signs its buyers' access tokens itself, so it must match the server's.
const JWT_SECRET = 'b'.repeat(48);

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function seed(dataDir, tools) {
  const store = await openStore({ dataDir, mongo: undefined });
  for (let i = 0; i < tools.length; i += 5000)
    await store.tools.insertMany(tools.slice(i, i + 5000));
  await store.close();
}

async function startShop(dataDir, extraEnv = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'server/dist/start.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      JWT_SECRET,
      FIREBASE_PROJECT_ID: 'bench-project',
      PAYMENTS_TEST_MODE: 'true',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

function rssMB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return +(kb / 1024).toFixed(1);
}

function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

async function load(url) {
  const r = await autocannon({ url, connections, duration: seconds });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'toolworks-bench-'));
try {
  // 1. Catalogue list on 1,000 tools, as served (the response cache on, its default) and with
  // the cache off (every request reads SQLite), vs a bare node:http server answering the same
  // bytes. The phases run one after the other, so the shops never compete for the cores.
  const smallDir = path.join(tmp, 'small');
  await seed(smallDir, syntheticTools(1000));
  const shop = await startShop(smallDir);
  const listUrl = `${shop.url}/api/tools`;
  const body = Buffer.from(await (await fetch(listUrl)).arrayBuffer());
  const list = await load(listUrl);
  results.push({
    phase: 'GET /api/tools (1,000 tools, 50 conn)',
    ...list,
    rssMB: rssMB(shop.child.pid),
  });
  await stop(shop.child);

  const uncachedShop = await startShop(smallDir, { CATALOGUE_CACHE_MS: '0' });
  results.push({
    phase: 'same, CATALOGUE_CACHE_MS=0 (no cache)',
    ...(await load(`${uncachedShop.url}/api/tools`)),
    rssMB: rssMB(uncachedShop.child.pid),
  });
  await stop(uncachedShop.child);

  const bare = fork(path.join(root, 'scripts/bench/bare-server.mjs'), {
    env: { ...process.env, BARE_BODY_B64: body.toString('base64') },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const { port: barePort } = await new Promise((resolve) => bare.once('message', resolve));
  const baseline = await load(`http://127.0.0.1:${barePort}/`);
  results.push({
    phase: 'bare node:http, same bytes (50 conn)',
    ...baseline,
    rssMB: rssMB(bare.pid),
  });
  await stop(bare);

  // 2. Search on 100,000 tools: sequential requests with varied terms, the cache off so every
  // request runs the search in SQLite.
  const bigDir = path.join(tmp, 'big');
  await seed(bigDir, syntheticTools(100_000, 7));
  const big = await startShop(bigDir, { CATALOGUE_CACHE_MS: '0' });
  const terms = [
    'drill',
    'GRINDER',
    'saw 0001',
    'torque',
    'vise',
    'xyz-none',
    'pro ham',
    '12345',
    'level',
    'ch',
  ];
  const times = [];
  for (let i = 0; i < 400; i++) {
    const term = terms[i % terms.length];
    const t0 = performance.now();
    const res = await fetch(`${big.url}/api/tools?search=${encodeURIComponent(term)}`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  results.push({
    phase: 'search on 100,000 tools (sequential)',
    rps: Math.round(1000 / (times.reduce((a, b) => a + b, 0) / times.length)),
    p50: +percentile(times, 50).toFixed(2),
    p99: +percentile(times, 99).toFixed(2),
    errors: 0,
    rssMB: rssMB(big.child.pid),
  });

  // 2b. A filtered, sorted catalogue page on the same 100,000 tools (issue 14's target: p50 under
  // 10 ms, p99 under 30 ms with the cache off): category + in stock + price range by price.
  const pageTimes = [];
  let pageErrors = 0;
  for (let i = 0; i < 400; i++) {
    const category = benchCategories[i % benchCategories.length];
    const min = 5 + (i % 7) * 50;
    const sort = i % 2 ? 'price_desc' : 'price_asc';
    const query = `category=${category}&inStock=true&minPrice=${min}&maxPrice=${min + 150}&sort=${sort}&page=${1 + (i % 3)}`;
    const t0 = performance.now();
    const res = await fetch(`${big.url}/api/tools?${query}`);
    await res.arrayBuffer();
    pageTimes.push(performance.now() - t0);
    if (!res.ok) pageErrors += 1;
  }
  pageTimes.sort((a, b) => a - b);
  results.push({
    phase: 'filtered + sorted page on 100,000 tools (sequential)',
    rps: Math.round(1000 / (pageTimes.reduce((a, b) => a + b, 0) / pageTimes.length)),
    p50: +percentile(pageTimes, 50).toFixed(2),
    p99: +percentile(pageTimes, 99).toFixed(2),
    errors: pageErrors,
    rssMB: rssMB(big.child.pid),
  });
  await stop(big.child);

  // 3. Orders: 50 buyers race for one hot tool; the per-address order limit is lifted because
  // every buyer here shares 127.0.0.1.
  const ordersDir = path.join(tmp, 'orders');
  const { signAccessToken } = await import(path.join(root, 'server/dist/auth/index.js'));
  const ordersStore = await openStore({ dataDir: ordersDir, mongo: undefined });
  const buyers = await seedOrders(ordersStore, {
    signAccessToken,
    jwt: { secret: JWT_SECRET, ttlSeconds: 3600 },
  });
  await ordersStore.close();
  const orderShop = await startShop(ordersDir, { ORDER_RATE_LIMIT_PER_MINUTE: '100000' });
  const orders = await runOrders(orderShop.url, buyers);
  results.push({
    phase: `POST /api/addOrderItem, 1 hot tool (${BUYERS} buyers, ${ORDERS_TOTAL} orders)`,
    ...orders.row,
    rssMB: rssMB(orderShop.child.pid),
  });
  await stop(orderShop.child);

  console.table(results);
  console.log(
    `orders: answers ${JSON.stringify(orders.statuses)}; ${orders.placedUnits} units sold of ${HOT_TOOL_STOCK}, final stock ${orders.finalStock}: ${orders.consistent ? 'consistent, no oversell' : 'INCONSISTENT (oversold or lost units)'}`,
  );
  if (!orders.consistent) process.exitCode = 1;
  console.log(
    `ratio (shop / bare node:http requests/s): ${(list.rps / baseline.rps).toFixed(2)} (target >= 0.5)`,
  );
  console.log(
    `machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  if (fs.existsSync(path.join(root, 'client/dist/index.html'))) {
    const { initialJs } = await import('./bundle-size.mjs');
    console.log(`home route initial JS: ${initialJs().gzipKB} kB gzip (target <= 150)`);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
