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
/**
 * Issue 27's targets. On the plain disk (a flush well under 1 ms here) one commit per order is
 * cheap and the shop is CPU-bound: it should come within 1.25x of the baseline's orders/s. With
 * a cloud disk's flush (the slow-fsync shim) group commit should pay: 8x the baseline, p99 < 60.
 */
export const ORDER_TARGETS = {
  plain: { ratio: 1 / 1.25 },
  slowFlush: { ratio: 8, p99: 60 },
};

/** A process's CPU time so far (user + system), in ms: orders per CPU-second spoils less than
 * orders per second when the machine is shared. With `mainThread`, its main thread's alone (the
 * event loop's, which holds the orders a second one instance can place). */
function cpuMs(pid, mainThread = false) {
  const stat = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const fields = fs.readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** This process's own CPU time so far, in ms: the load generator's, which shares the cores. */
function ownCpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function measured(pid, work) {
  const cpu0 = cpuMs(pid);
  const loop0 = cpuMs(pid, true);
  const own0 = ownCpuMs();
  const result = await work();
  const cpu = cpuMs(pid) - cpu0;
  result.row.perCpuSecond = cpu ? Math.round(ORDERS_TOTAL / (cpu / 1000)) : undefined;
  // Not columns of the table: the summary line gives them per order.
  result.loopCpuMs = cpuMs(pid, true) - loop0;
  result.clientCpuMs = ownCpuMs() - own0;
  return result;
}

async function startBareOrders(dbFile, tools, extraEnv = {}) {
  const child = fork(path.join(here, 'bare-orders.mjs'), {
    env: {
      ...process.env,
      ...extraEnv,
      BARE_ORDERS_DB: dbFile,
      BARE_ORDERS_TOOLS: JSON.stringify(tools),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  return { child, url: `http://127.0.0.1:${port}` };
}

/**
 * Rounds of the whole comparison; each figure printed is the round with the median ratio. On
 * these shared 2-core VMs one build's orders figures move by a third from one run to the next
 * (the shop's CPU per order 0.43 in one run, 0.60 in the next, with nothing else running;
 * docs/performance.md), more than most changes move them: one round is a draw, three alternating
 * ones a fairer comparison.
 */
export const ORDER_ROUNDS = 3;

/**
 * One round: a fresh copy of the data, the shop and then the baseline (never both at once, so
 * they do not share the cores), each warmed up alike and then timed on each run.
 */
async function oneRound(shop, flush, dataDir) {
  const store = await shop.openStore({ dataDir, mongo: undefined });
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
  const server = await shop.startShop(dataDir, { ...shop.env, ...flush.env });
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
    path.join(dataDir, 'bare-orders.db'),
    baselineTools(seeded),
    flush.env,
  );
  await warmUp(bare.url, bareServer);
  for (const result of results) {
    result.baseline = await measured(bare.child.pid, () =>
      runOrders(bare.url, { toolIds: result.toolIds, tokens: seeded.tokens }, bareServer),
    );
    result.ratio = result.baseline.row.rps ? result.shop.row.rps / result.baseline.row.rps : 0;
  }
  await shop.stop(bare.child);
  return results;
}

/**
 * The shop against its baseline, `ORDER_ROUNDS` times over.
 * `shop` = { openStore, startShop, stop, peakRss, signAccessToken, jwt, dataDir, env }.
 * `flush` = { label, env, targets }: `env` goes to both servers (the slow-fsync shim).
 */
export async function benchOrders(
  shop,
  flush = { label: 'plain disk', env: {}, targets: ORDER_TARGETS.plain },
) {
  const rounds = [];
  for (let round = 0; round < ORDER_ROUNDS; round++)
    rounds.push(await oneRound(shop, flush, path.join(shop.dataDir, `round-${round + 1}`)));
  // Per run: the median round's figures, every round's ratio, and the highest peak RSS of all.
  const results = rounds[0].map((_, i) => {
    const runOf = rounds.map((round) => round[i]);
    const byRatio = [...runOf].sort((x, y) => x.ratio - y.ratio);
    const median = byRatio[Math.floor(byRatio.length / 2)];
    return {
      ...median,
      shop: { ...median.shop, rssMB: Math.max(...byRatio.map((r) => r.shop.rssMB)) },
      ratios: runOf.map((r) => r.ratio),
      allConsistent: byRatio.every((r) => r.shop.consistent && r.baseline.consistent),
    };
  });

  const rows = results.flatMap(({ name, shop: s, baseline: b }) => [
    {
      phase: `POST /api/addOrderItem, ${name}, ${flush.label} (${BUYERS} buyers, ${ORDERS_TOTAL} orders; rps = orders/s)`,
      ...s.row,
      rssMB: s.rssMB,
    },
    {
      phase: `baseline node:http + better-sqlite3, 1 commit/order, ${name}, ${flush.label}`,
      ...b.row,
    },
  ]);
  const lines = [];
  let consistent = true;
  const { targets } = flush;
  const met = (ok) => (ok ? 'met' : 'NOT met');
  const cpuPerOrder = (row) => (row.perCpuSecond ? (1000 / row.perCpuSecond).toFixed(2) : 'n/a');
  const clientPerOrder = (r) => (r.clientCpuMs / ORDERS_TOTAL).toFixed(2);
  const loopPerOrder = (r) => (r.loopCpuMs / ORDERS_TOTAL).toFixed(3);
  for (const { name, shop: s, baseline: b, ratio, ratios, allConsistent } of results) {
    const p99 =
      targets.p99 === undefined
        ? ''
        : ` (target < ${targets.p99}: ${met(s.row.p99 < targets.p99)})`;
    const each = ratios.map((r) => `${r.toFixed(2)}x`).join(', ');
    lines.push(
      `orders, ${name}, ${flush.label}, the median of ${ORDER_ROUNDS} rounds: shop ${s.row.rps} orders/s, p50 ${s.row.p50} ms, p99 ${s.row.p99} ms${p99}; baseline ${b.row.rps} orders/s, p50 ${b.row.p50} ms, p99 ${b.row.p99} ms; shop / baseline ${ratio.toFixed(2)}x (target >= ${targets.ratio.toFixed(2)}x: ${met(ratio >= targets.ratio)}; rounds ${each}); CPU-ms per order: shop ${cpuPerOrder(s.row)} (its event loop ${loopPerOrder(s)}), baseline ${cpuPerOrder(b.row)} (${loopPerOrder(b)}); the load generator's against each ${clientPerOrder(s)}, ${clientPerOrder(b)}`,
    );
    for (const [who, r] of [
      ['shop', s],
      ['baseline', b],
    ]) {
      lines.push(
        `  ${who}, that round: answers ${JSON.stringify(r.statuses)}; ${r.placedUnits} units sold`,
      );
    }
    lines.push(
      `  every round, both servers: ${allConsistent ? 'stock consistent, no oversell' : 'INCONSISTENT (oversold or lost units)'}`,
    );
    consistent &&= allConsistent;
  }
  return { rows, lines, consistent };
}
