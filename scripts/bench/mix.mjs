// The "shop's day" phase of `npm run bench` (issue 27): 200 visitors at once on a catalogue of
// 10,000 tools with 100,000 past orders. Most browse (home, /tools with filters, tool pages,
// search); 10% of their steps add to a cart, 2% check out and pay with the test gateway; two
// admins list paid orders and ship them; halfway through, 50 new visitors arrive at once. Reports
// requests/s and p50/p99/max per kind, the answers on new and on kept connections apart, the
// errors (any answer that is not a success), the server's peak RSS and CPU.
import { benchCategories, syntheticTools } from './catalogue.mjs';
import { request } from './http-client.mjs';

export const MIX_VISITORS = 200;
export const MIX_TOOLS = 10_000;
// BENCH_MIX_ORDERS seeds fewer past orders (a quicker run while working on the phase).
export const MIX_PAST_ORDERS = Number(process.env.BENCH_MIX_ORDERS ?? 100_000);
const ADMINS = 2;
const PAST_BUYERS = 2_000;
const QUANTITY = 10;
const SEARCH_TERMS = ['drill', 'saw', 'hammer', 'wrench', 'titan', 'precision', 'level', 'vise'];
const DAY_MS = 86_400_000;
const NEW_VISITORS = 50;
export const ARRIVALS_KIND = `home, ${NEW_VISITORS} new visitors at once`;

/** Seeds a closed store: the catalogue, 100,000 past orders (paid, shipped, cancelled), accounts. */
export async function seedMix(store, { signAccessToken, jwt, adminEmail }) {
  // Plenty of stock: the phase measures the traffic, not a sell-out (checkout's own phase does).
  const tools = syntheticTools(MIX_TOOLS, 7).map((tool) =>
    tool.availableQuantity === 0 ? tool : { ...tool, availableQuantity: 1_000_000 },
  );
  for (let i = 0; i < tools.length; i += 5000)
    await store.tools.insertMany(tools.slice(i, i + 5000));
  const page = await store.tools.list({ offset: 0, limit: MIX_TOOLS, inStock: true });
  const toolIds = page.items.map((tool) => tool._id);

  // Past orders over the last 90 days, placed in parallel batches so they share commits.
  const started = Date.now();
  for (let i = 0; i < PAST_BUYERS; i++)
    await store.users.upsert(`past-buyer-${i}@example.com`, `Past Buyer ${i}`);
  const outcomes = { paid: 0, shipped: 0, cancelled: 0 };
  const BATCH = 500;
  for (let i = 0; i < MIX_PAST_ORDERS; i += BATCH) {
    const batch = [];
    for (let k = i; k < Math.min(i + BATCH, MIX_PAST_ORDERS); k++) {
      const placedAt = new Date(started - ((k * 7919) % (90 * DAY_MS)));
      batch.push(
        store.orders
          .place({
            lines: [{ toolId: toolIds[(k * 31) % toolIds.length], quantity: QUANTITY }],
            userName: `Past Buyer ${k % PAST_BUYERS}`,
            userEmail: `past-buyer-${k % PAST_BUYERS}@example.com`,
            userPhone: '+1 555 0100',
            userAddress: '1 History Lane, Old Town',
            now: placedAt.toISOString(),
            expiresAt: new Date(placedAt.getTime() + 3_600_000).toISOString(),
          })
          .then(async (result) => {
            if (!result.ok) throw new Error(`seeding a past order: ${result.reason}`);
            const { _id } = result.order;
            const later = new Date(placedAt.getTime() + 600_000).toISOString();
            if (k % 5 === 4) {
              await store.orders.cancelUnpaid(_id, later);
              outcomes.cancelled += 1;
              return;
            }
            await store.orders.markPaid(_id, `pi_past_${k}`, later);
            outcomes.paid += 1;
            if (k % 5 === 0) {
              await store.orders.markShipped(_id, { carrier: 'DHL' }, later);
              outcomes.shipped += 1;
            }
          }),
      );
    }
    await Promise.all(batch);
  }

  const tokens = [];
  for (let i = 0; i < MIX_VISITORS; i++) {
    const email = `mix-visitor-${i}@example.com`;
    await store.users.upsert(email, `Visitor ${i}`);
    tokens.push(signAccessToken(email, { jwt }));
  }
  await store.users.upsert(adminEmail, 'Bench Admin');
  await store.users.makeAdmin(adminEmail, 'list');
  const adminToken = signAccessToken(adminEmail, { jwt });
  return { toolIds, tokens, adminToken, outcomes, seedSeconds: (Date.now() - started) / 1000 };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs the day for `seconds`; returns a row per kind of request and the totals. */
export async function runMix(url, { toolIds, tokens, adminToken }, seconds) {
  const kinds = new Map();
  // Each answer's time by its connection: the first on a connection it opened, or a kept one.
  const byConnection = { opened: [], kept: [] };
  const record = (kind, ms, ok, status, freshConnection) => {
    let k = kinds.get(kind);
    if (!k) kinds.set(kind, (k = { times: [], errors: 0, statuses: {} }));
    k.times.push(ms);
    (freshConnection ? byConnection.opened : byConnection.kept).push(ms);
    if (!ok) {
      k.errors += 1;
      k.statuses[status] = (k.statuses[status] ?? 0) + 1;
    }
  };
  const call = async (kind, method, path, { token, body, newConnection } = {}) => {
    const t0 = performance.now();
    const res = await request(`${url}/api${path}`, {
      method,
      headers: {
        ...(body && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: body && JSON.stringify(body),
      newConnection,
    });
    const text = await res.text();
    record(kind, performance.now() - t0, res.ok, res.status, res.freshConnection);
    return res.ok ? JSON.parse(text || 'null') : undefined;
  };
  let x = 42;
  const rand = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const deadline = performance.now() + seconds * 1000;

  const browse = async () => {
    const r = rand();
    if (r < 0.25) await call('home', 'GET', '/tools?limit=8');
    else if (r < 0.5) {
      const query = `category=${pick(benchCategories)}&inStock=true&sort=${pick(['price_asc', 'newest', 'name'])}&limit=24&page=${1 + Math.floor(rand() * 3)}`;
      await call('/tools with filters', 'GET', `/tools?${query}`);
    } else if (r < 0.8) await call('tool page', 'GET', `/tool/${pick(toolIds)}`);
    else await call('search', 'GET', `/tools?search=${pick(SEARCH_TERMS)}&limit=24`);
  };
  const checkoutAndPay = async (token) => {
    const cart = await call('add to cart', 'PUT', `/cart/${pick(toolIds)}`, {
      token,
      body: { quantity: QUANTITY },
    });
    if (!cart) return;
    // The total the cart showed, as the checkout page sends it.
    const order = await call('checkout', 'POST', '/checkout', {
      token,
      body: {
        userPhone: '+1 555 0100',
        userAddress: '1 Bench Street, Load Town',
        expectedTotal: cart.total,
      },
    });
    if (!order) return;
    const intent = await call('pay', 'POST', '/create-payment-intent', {
      token,
      body: { orderId: order._id },
    });
    if (!intent) return;
    await call('pay', 'POST', '/payments/test/confirm', {
      token,
      body: {
        clientSecret: intent.clientSecret,
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
      },
    });
  };
  const visitor = async (token) => {
    while (performance.now() < deadline) {
      const r = rand();
      if (r < 0.02) await checkoutAndPay(token);
      else if (r < 0.12)
        await call('add to cart', 'PUT', `/cart/${pick(toolIds)}`, {
          token,
          body: { quantity: QUANTITY },
        });
      else await browse();
    }
  };
  const admin = async (index) => {
    while (performance.now() < deadline) {
      const paid = await call('admin: list orders', 'GET', '/orders?status=paid&limit=20', {
        token: adminToken,
      });
      // Each admin ships its own half of the page, so they never ship the same order.
      const mine = (paid ?? []).filter((_order, i) => i % ADMINS === index).slice(0, 3);
      for (const order of mine)
        await call('admin: ship', 'PATCH', `/order/${order._id}/ship`, {
          token: adminToken,
          body: { carrier: 'UPS', trackingNumber: `1Z${order._id.slice(-10)}` },
        });
    }
  };
  // Mid-day, NEW_VISITORS arrive at once, each on a connection of its own, while the shop is
  // busy: how long a new visitor waits for a first answer. Node accepts one connection per turn
  // of its event loop (libuv >= 1.45), and on a busy shop a turn serves every kept connection.
  const arrivals = async () => {
    await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 2));
    await Promise.all(
      Array.from({ length: NEW_VISITORS }, () =>
        call(ARRIVALS_KIND, 'GET', '/tools?limit=8', { newConnection: true }),
      ),
    );
  };
  const started = performance.now();
  await Promise.all([
    ...tokens.map(visitor),
    ...Array.from({ length: ADMINS }, (_unused, i) => admin(i)),
    arrivals(),
  ]);
  const elapsed = (performance.now() - started) / 1000;
  const times = (list) => {
    list.sort((a, b) => a - b);
    return {
      p50: +percentile(list, 50).toFixed(1),
      p99: +percentile(list, 99).toFixed(1),
      // The slowest answer: a stall that held every request in flight shows here in each kind,
      // while it stays under the p99 of the kinds with thousands of requests.
      max: +list[list.length - 1].toFixed(1),
    };
  };
  const rows = [...kinds].map(([kind, k]) => ({
    kind,
    requests: k.times.length,
    rps: Math.round(k.times.length / elapsed),
    ...times(k.times),
    errors: k.errors,
    ...(k.errors && { statuses: JSON.stringify(k.statuses) }),
  }));
  const total = rows.reduce((sum, row) => sum + row.requests, 0);
  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  const connections = {
    opened: { answers: byConnection.opened.length, ...times(byConnection.opened) },
    kept: { answers: byConnection.kept.length, ...times(byConnection.kept) },
  };
  return { rows, total, errors, rps: Math.round(total / elapsed), elapsed, connections };
}
