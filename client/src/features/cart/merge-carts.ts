import type { CartLine } from '@toolworks/contract/cart';
import { ApiError } from '@/lib/api-client';
import { getCart } from './api/get-cart';
import { setCartLine } from './api/set-cart-line';

export interface MergeResult {
  /** Lines now in the server's cart (or already there in a larger quantity). */
  merged: string[];
  /** Lines the server refused (sold out, removed tool...), with its reason. */
  dropped: { toolId: string; name: string; reason: string }[];
}

/**
 * Moves a visitor's lines into the account's cart: one PUT per line, and where both carts hold
 * a tool the larger quantity wins. A line the server refuses (4xx) is dropped; a network or
 * server failure stops the merge so the remaining lines stay in the browser for the next try.
 */
export async function mergeIntoServerCart(local: CartLine[]): Promise<MergeResult> {
  const server = await getCart();
  const result: MergeResult = { merged: [], dropped: [] };
  for (const line of local) {
    const existing = server.items.find((item) => item.toolId === line.toolId);
    if (existing && existing.quantity >= line.quantity) {
      result.merged.push(line.toolId);
      continue;
    }
    try {
      await setCartLine(line.toolId, line.quantity);
      result.merged.push(line.toolId);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) break;
      result.dropped.push({ toolId: line.toolId, name: line.name, reason: error.message });
    }
  }
  return result;
}
