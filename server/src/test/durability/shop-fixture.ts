import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signAccessToken } from '../../auth/index.js';
import { openStore } from '../../store/index.js';
import type { OrderRecord, ToolRecord } from '../../store/store.js';
import { buildTool } from '../factories.js';
import { JWT_SECRET } from './child-server.js';

/** A data folder prepared while no server runs: known tools and users, and their tokens. */

export interface Buyer {
  email: string;
  bearer: string;
}

export interface ShopFixture {
  dataDir: string;
  tools: ToolRecord[];
  buyers: Buyer[];
  cleanup(): Promise<void>;
}

const jwtConfig = { jwt: { secret: JWT_SECRET, ttlSeconds: 3600 } };

export async function prepareShop(stocks: number[], buyerCount: number): Promise<ShopFixture> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-durability-'));
  const dataDir = path.join(root, 'data');
  const store = await openStore({ dataDir, mongo: undefined });
  try {
    const tools: ToolRecord[] = [];
    for (const stock of stocks) {
      tools.push(
        await store.tools.create(buildTool({ availableQuantity: stock, minimumOrderQuantity: 1 })),
      );
    }
    const buyers: Buyer[] = [];
    for (let i = 0; i < buyerCount; i++) {
      const email = `durable-buyer-${i}@example.com`;
      await store.users.upsert(email, `Durable Buyer ${i}`);
      buyers.push({ email, bearer: `Bearer ${signAccessToken(email, jwtConfig)}` });
    }
    return {
      dataDir,
      tools,
      buyers,
      cleanup: () => fs.rm(root, { recursive: true, force: true }),
    };
  } finally {
    await store.close();
  }
}

/** The order request body, the way the purchase page sends it. */
export function orderBody(toolId: string, quantity: number): string {
  return JSON.stringify({ toolId, quantity, userPhone: '555 0100', userAddress: '1 Durable Road' });
}

/** Everything on disk once the server is stopped: each tool's stock and every order. */
export async function readShop(
  dataDir: string,
): Promise<{ stock: Map<string, number>; orders: OrderRecord[] }> {
  const store = await openStore({ dataDir, mongo: undefined });
  try {
    const tools = await store.tools.list({ offset: 0, limit: 1000 });
    const orders = await store.orders.list({ offset: 0, limit: 1_000_000 });
    return {
      stock: new Map(tools.items.map((t) => [t._id, t.availableQuantity])),
      orders: orders.items,
    };
  } finally {
    await store.close();
  }
}

/** Per tool: what is left plus what was ordered must be what there was at the start. */
export function unaccountedStock(
  start: ToolRecord[],
  shop: { stock: Map<string, number>; orders: OrderRecord[] },
): Record<string, number> {
  const diff: Record<string, number> = {};
  for (const tool of start) {
    // A cancelled or expired order gave its stock back.
    const ordered = shop.orders
      .filter((o) => o.toolId === tool._id && o.status !== 'cancelled' && o.status !== 'expired')
      .reduce((sum, o) => sum + o.quantity, 0);
    diff[tool.name] = tool.availableQuantity - ((shop.stock.get(tool._id) ?? NaN) + ordered);
  }
  return diff;
}
