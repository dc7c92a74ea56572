// The orders phase of `npm run bench`: many buyers racing for one hot tool. Measures the order
// path end to end (rate limiter, token check, user lookup, validation, the atomic stock
// reservation) and checks afterwards that not one unit was oversold.

export const ORDERS_TOTAL = 1000;
export const BUYERS = 50;
export const HOT_TOOL_STOCK = 12_000;

// Demand (about 14,500 units) exceeds the stock on purpose, so the tool sells out mid-run.
const quantityOf = (i) => 10 + ((i * 7) % 10);

/** Adds the hot tool and the buyers to a closed store's data before the server starts. */
export async function seedOrders(store, { signAccessToken, jwt }) {
  const tool = await store.tools.create({
    name: 'Hot Deal Cordless Drill',
    img: '/images/tools/cordless-drill.svg',
    priceCents: 8900,
    description: 'The one everybody wants today.',
    availableQuantity: HOT_TOOL_STOCK,
    minimumOrderQuantity: 10,
  });
  const tokens = [];
  for (let i = 0; i < BUYERS; i++) {
    const email = `bench-buyer-${i}@example.com`;
    await store.users.upsert(email, `Bench Buyer ${i}`);
    tokens.push(signAccessToken(email, { jwt }));
  }
  return { toolId: tool._id, tokens };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** 50 buyers, each placing orders back to back until 1,000 have been sent. */
export async function runOrders(url, { toolId, tokens }) {
  const times = [];
  const statuses = new Map();
  let placedUnits = 0;
  let next = 0;
  const buyer = async (token) => {
    while (next < ORDERS_TOTAL) {
      const quantity = quantityOf(next++);
      const t0 = performance.now();
      const res = await fetch(`${url}/api/addOrderItem`, {
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
      if (res.status === 201) placedUnits += body.quantity;
    }
  };
  const started = performance.now();
  await Promise.all(tokens.map(buyer));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const finalStock = (await (await fetch(`${url}/api/tool/${toolId}`)).json()).availableQuantity;
  const unexpected = [...statuses].filter(([status]) => ![201, 400, 409].includes(status));
  return {
    row: {
      rps: Math.round(ORDERS_TOTAL / seconds),
      p50: +percentile(times, 50).toFixed(2),
      p99: +percentile(times, 99).toFixed(2),
      errors: unexpected.reduce((sum, [, n]) => sum + n, 0),
    },
    statuses: Object.fromEntries(statuses),
    placedUnits,
    finalStock,
    consistent: finalStock >= 0 && finalStock === HOT_TOOL_STOCK - placedUnits,
  };
}
