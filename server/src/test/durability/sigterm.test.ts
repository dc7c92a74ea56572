import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startChildServer, stopChildServer, type ChildServer } from './child-server.js';
import { holdRequest, postJson } from './http-requests.js';
import {
  orderBody,
  prepareShop,
  readShop,
  unaccountedStock,
  type ShopFixture,
} from './shop-fixture.js';

const LOOPS = 20;
const HELD = 30;
const EXIT_WITHIN_MS = 5_000;

let shop: ShopFixture | undefined;
let server: ChildServer | undefined;
afterEach(async () => {
  await stopChildServer(server);
  server = undefined;
  await shop?.cleanup();
  shop = undefined;
});

interface Outcome {
  status?: number;
  id?: string;
  error?: string;
  /** The whole request reached the server's socket before the signal was sent. */
  writtenBeforeSignal: boolean;
}

/** Buyers ordering back to back on kept-alive connections until told to stop. */
function backgroundLoad(srv: ChildServer, fixture: ShopFixture, signalled: () => boolean) {
  const agent = new http.Agent({ keepAlive: true });
  const url = new URL('/api/addOrderItem', srv.baseUrl);
  const outcomes: Outcome[] = [];
  let stop = false;
  const loop = async (n: number) => {
    const owner = fixture.buyers[n % fixture.buyers.length]!;
    for (let i = 0; !stop; i++) {
      const tool = fixture.tools[(n + i) % fixture.tools.length]!;
      let writtenBeforeSignal = false;
      try {
        const { status, body } = await postJson(agent, url, {
          authorization: owner.bearer,
          body: orderBody(tool._id, 1 + (i % 4)),
          onWritten: () => (writtenBeforeSignal = !signalled()),
        });
        outcomes.push({ status, id: (body as { _id?: string })._id, writtenBeforeSignal });
      } catch (error) {
        outcomes.push({ error: String(error), writtenBeforeSignal });
        if (signalled()) return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: LOOPS }, (_, n) => loop(n)));
  return {
    outcomes,
    acked: () => outcomes.filter((o) => o.status === 201).length,
    async stop() {
      stop = true;
      await done;
      agent.destroy();
    },
  };
}

async function refusesNewConnections(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/api/health`, { headers: { connection: 'close' } });
    return false;
  } catch {
    return true;
  }
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('durability: the server process gets SIGTERM while taking orders', () => {
  it('when it is stopped under load, then every request in flight gets its answer and it exits 0', async () => {
    shop = await prepareShop([100_000, 100_000, 100_000], 8);
    const srv = (server = await startChildServer(shop.dataDir));
    let signalled = false;
    const load = backgroundLoad(srv, shop, () => signalled);
    await waitFor(() => load.acked() >= 50, 'the load to get going');

    const held = Array.from({ length: HELD }, (_, n) =>
      holdRequest(srv.baseUrl, {
        path: '/api/addOrderItem',
        authorization: shop!.buyers[n % shop!.buyers.length]!.bearer,
        body: orderBody(shop!.tools[n % shop!.tools.length]!._id, 5),
      }),
    );
    await Promise.all(held.map((h) => h.accepted));

    signalled = true;
    srv.child.kill('SIGTERM');
    // Draining: the listening socket is closed, so new connections are refused...
    await waitFor(() => refusesNewConnections(srv.baseUrl), 'new connections to be refused');
    // ...while the requests accepted before the signal still get their full answers.
    const answers = await Promise.all(held.map((h) => h.send()));
    const answeredAt = Date.now();
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: HELD }, () => 201));

    const exit = await Promise.race([
      srv.exited,
      new Promise((r) => setTimeout(() => r('still running'), EXIT_WITHIN_MS)),
    ]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - answeredAt).toBeLessThan(EXIT_WITHIN_MS);
    await load.stop();

    // The background buyers: every answer is a real one, and every request that reached the
    // server before the signal was answered; only later ones may have found the door closed.
    expect(load.outcomes.filter((o) => o.status !== undefined && o.status !== 201)).toEqual([]);
    expect(load.outcomes.filter((o) => o.writtenBeforeSignal && o.status !== 201)).toEqual([]);

    const onDisk = await readShop(shop.dataDir);
    const ids = new Set(onDisk.orders.map((o) => o._id));
    const heldIds = answers.map((a) => (a.body as { _id: string })._id);
    const loadIds = load.outcomes.flatMap((o) => (o.id ? [o.id] : []));
    expect([...heldIds, ...loadIds].filter((id) => !ids.has(id))).toEqual([]);
    expect(onDisk.orders).toHaveLength(heldIds.length + loadIds.length);
    expect(unaccountedStock(shop.tools, onDisk)).toEqual(
      Object.fromEntries(shop.tools.map((t) => [t.name, 0])),
    );
  }, 60_000);
});
