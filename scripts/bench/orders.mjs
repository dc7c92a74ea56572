// The orders phase of `npm run bench`: 50 buyers place 10,000 orders, once spread over 10 tools
// and once racing for 1 hot tool, against the shop and against a bare baseline (bare-orders.mjs:
// node:http + better-sqlite3, one commit per order). Measures the order path end to end and
// checks afterwards that not one unit was oversold or lost.

import { request } from './http-client.mjs';

export const ORDERS_TOTAL = 10_000;
export const BUYERS = 50;
export const SPREAD_TOOLS = 10;
export const SPREAD_TOOL_STOCK = 12_000;
export const HOT_TOOL_STOCK = 120_000;
/**
 * Orders placed on a tool of their own before measuring, so neither server is timed cold. The
 * shop's first 2-3 seconds under load run slower, whichever tools they order (warming up on
 * another tool removes it): 500 warm-up orders left the measured ones inside that stretch
 * (docs/performance.md).
 */
export const WARM_UP_ORDERS = 3000;
const WARM_UP_STOCK = WARM_UP_ORDERS * 20;

// Demand (about 145,000 units) exceeds the stock on purpose, so the tools sell out near the end.
const quantityOf = (i) => 10 + ((i * 7) % 10);

/** Adds the tools and the buyers to a closed store's data before the server starts. */
export async function seedOrders(store, { signAccessToken, jwt }) {
  const create = (name, availableQuantity) =>
    store.tools.create({
      name,
      img: '/images/tools/cordless-drill.svg',
      priceCents: 8900,
      description: 'The one everybody wants today.',
      availableQuantity,
      minimumOrderQuantity: 10,
    });
  const spread = [];
  for (let i = 0; i < SPREAD_TOOLS; i++)
    spread.push((await create(`Bench Drill ${i}`, SPREAD_TOOL_STOCK))._id);
  const hot = (await create('Hot Deal Cordless Drill', HOT_TOOL_STOCK))._id;
  const warmUp = (await create('Warm-up Drill', WARM_UP_STOCK))._id;
  const tokens = [];
  for (let i = 0; i < BUYERS; i++) {
    const email = `bench-buyer-${i}@example.com`;
    await store.users.upsert(email, `Bench Buyer ${i}`);
    tokens.push(signAccessToken(email, { jwt }));
  }
  return { spread, hot, warmUp, tokens };
}

/** The baseline's tools: the same ids and stock, for bare-orders.mjs. */
export const baselineTools = ({ spread, hot, warmUp }) => [
  ...spread.map((id) => [id, SPREAD_TOOL_STOCK]),
  [hot, HOT_TOOL_STOCK],
  [warmUp, WARM_UP_STOCK],
];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * 50 buyers, each placing orders back to back until `total` have been sent, order i going to
 * `toolIds[i % toolIds.length]`. `server` says where to post and where to read a tool's stock.
 */
export async function runOrders(
  url,
  {
    toolIds,
    tokens,
    total = ORDERS_TOTAL,
    stock = toolIds.length === 1 ? HOT_TOOL_STOCK : SPREAD_TOOL_STOCK,
  },
  server = shopServer,
) {
  const times = [];
  const statuses = new Map();
  const sold = new Map(toolIds.map((id) => [id, 0]));
  let next = 0;
  const buyer = async (token) => {
    while (next < total) {
      const i = next++;
      const toolId = toolIds[i % toolIds.length];
      const quantity = quantityOf(i);
      const t0 = performance.now();
      const res = await request(`${url}${server.orderPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          toolId,
          quantity,
          userPhone: '+1 555 0100',
          userAddress: '1 Bench Street, Load Town',
        }),
      });
      const body = await res.json();
      times.push(performance.now() - t0);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 201) sold.set(toolId, sold.get(toolId) + body.quantity);
    }
  };
  const started = performance.now();
  await Promise.all(tokens.map(buyer));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  let placedUnits = 0;
  let consistent = true;
  for (const toolId of toolIds) {
    const res = await request(`${url}${server.toolPath}/${toolId}`);
    const left = (await res.json()).availableQuantity;
    placedUnits += sold.get(toolId);
    if (!(left >= 0 && left + sold.get(toolId) === stock)) consistent = false;
  }
  const unexpected = [...statuses].filter(([status]) => ![201, 400, 409].includes(status));
  return {
    row: {
      rps: Math.round(total / seconds),
      p50: +percentile(times, 50).toFixed(2),
      p99: +percentile(times, 99).toFixed(2),
      errors: unexpected.reduce((sum, [, n]) => sum + n, 0),
    },
    statuses: Object.fromEntries(statuses),
    placedUnits,
    consistent,
  };
}

const shopServer = { orderPath: '/api/addOrderItem', toolPath: '/api/tool' };
export const bareServer = { orderPath: '/order', toolPath: '/tool' };
