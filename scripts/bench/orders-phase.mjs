// `npm run bench`, orders: the shop (group commit) against the one-commit-per-order baseline,
// in the same run, over 10 tools and over 1 hot tool. Prints each figure with its target.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUYERS,
  ORDERS_TOTAL,
  SPREAD_TOOLS,
  bareServer,
  baselineTools,
  WARM_UP_ORDERS,
  runOrders,
  seedOrders,
} from './orders.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ORDER_TARGETS = { rps: 2000, p99: 50, ratio: 3 };

/** A process's CPU time so far (user + system), in ms: orders per CPU-second spoils less than
 * orders per second when the machine is shared. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measured(pid, work) {
  const cpu0 = cpuMs(pid);
  const result = await work();
  const cpu = cpuMs(pid) - cpu0;
  result.row.perCpuSecond = cpu ? Math.round(ORDERS_TOTAL / (cpu / 1000)) : undefined;
  return result;
}

async function startBareOrders(dbFile, tools) {
  const child = fork(path.join(here, 'bare-orders.mjs'), {
    env: {
      ...process.env,
      BARE_ORDERS_DB: dbFile,
      BARE_ORDERS_TOOLS: JSON.stringify(tools),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  return { child, url: `http://127.0.0.1:${port}` };
}

/**
 * Runs the shop and then the baseline (never both at once, so they do not share the cores).
 * `shop` = { openStore, startShop, stop, peakRss, signAccessToken, jwt, dataDir, env }.
 */
export async function benchOrders(shop) {
  const store = await shop.openStore({ dataDir: shop.dataDir, mongo: undefined });
  const seeded = await seedOrders(store, { signAccessToken: shop.signAccessToken, jwt: shop.jwt });
  await store.close();
  const runs = [
    { name: `${SPREAD_TOOLS} tools`, toolIds: seeded.spread },
    { name: '1 hot tool', toolIds: [seeded.hot] },
  ];
  const results = [];

  // The same warm-up for both servers: compiled hot paths and grown pools, not a cold start.
  const warmUp = (url, server) =>
    runOrders(
      url,
      {
        toolIds: [seeded.warmUp],
        tokens: seeded.tokens,
        total: WARM_UP_ORDERS,
        stock: WARM_UP_ORDERS * 20,
      },
      server,
    );
  const server = await shop.startShop(shop.dataDir, shop.env);
  await warmUp(server.url);
  for (const run of runs) {
    const result = await shop.peakRss(server.child.pid, () =>
      measured(server.child.pid, () =>
        runOrders(server.url, { toolIds: run.toolIds, tokens: seeded.tokens }),
      ),
    );
    results.push({ ...run, shop: result });
  }
  await shop.stop(server.child);

  const bare = await startBareOrders(
    path.join(shop.dataDir, 'bare-orders.db'),
    baselineTools(seeded),
  );
  await warmUp(bare.url, bareServer);
  for (const result of results) {
    result.baseline = await measured(bare.child.pid, () =>
      runOrders(bare.url, { toolIds: result.toolIds, tokens: seeded.tokens }, bareServer),
    );
  }
  await shop.stop(bare.child);

  const rows = results.flatMap(({ name, shop: s, baseline: b }) => [
    {
      phase: `POST /api/addOrderItem, ${name} (${BUYERS} buyers, ${ORDERS_TOTAL} orders; rps = orders/s)`,
      ...s.row,
      rssMB: s.rssMB,
    },
    {
      phase: `baseline node:http + better-sqlite3, 1 commit/order, ${name}`,
      ...b.row,
    },
  ]);
  const lines = [];
  let consistent = true;
  for (const { name, shop: s, baseline: b } of results) {
    const ratio = b.row.rps ? s.row.rps / b.row.rps : 0;
    const met = (ok) => (ok ? 'met' : 'NOT met');
    lines.push(
      `orders, ${name}: shop ${s.row.rps} orders/s (target >= ${ORDER_TARGETS.rps}: ${met(s.row.rps >= ORDER_TARGETS.rps)}), p50 ${s.row.p50} ms, p99 ${s.row.p99} ms (target < ${ORDER_TARGETS.p99}: ${met(s.row.p99 < ORDER_TARGETS.p99)}); baseline ${b.row.rps} orders/s, p50 ${b.row.p50} ms, p99 ${b.row.p99} ms; shop / baseline ${ratio.toFixed(2)}x (target >= ${ORDER_TARGETS.ratio}x: ${met(ratio >= ORDER_TARGETS.ratio)}); orders per CPU-second: shop ${s.row.perCpuSecond}, baseline ${b.row.perCpuSecond}`,
    );
    for (const [who, r] of [
      ['shop', s],
      ['baseline', b],
    ]) {
      lines.push(
        `  ${who}: answers ${JSON.stringify(r.statuses)}; ${r.placedUnits} units sold: ${r.consistent ? 'stock consistent, no oversell' : 'INCONSISTENT (oversold or lost units)'}`,
      );
      consistent &&= r.consistent;
    }
  }
  return { rows, lines, consistent };
}
