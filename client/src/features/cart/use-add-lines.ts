import { CART_FULL_MESSAGE, MAX_CART_LINES } from '@toolworks/contract/cart-limits';
import type { PriceTierDollars } from '@toolworks/contract/pricing';
import { useQueryClient } from '@tanstack/react-query';
import { formatCount } from '@/lib/format';
import { addCartLines } from '@/lib/order-again';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import type { CartLine } from '@toolworks/contract/cart';
import { quantityRules } from '@/lib/quantity';
import { localCart } from './local-cart';
import { packOf } from './use-cart';

/** A tool as a visitor's cart keeps it: its prices and limits as the buyer saw them. */
export interface AddedTool {
  _id: string;
  name: string;
  sku?: string;
  price: number;
  priceTiers: PriceTierDollars[];
  MinimumOrderQuantity: number;
  availableQuantity: number;
  /** Issue 50: its unit and packs, kept on the line (absent: a piece at a time). */
  unit?: CartLine['unit'];
  packSize?: number;
  orderMultiple?: number;
  priceBasis?: number;
}

export interface AddLinesResult {
  added: number;
  /** Lines the cart took with another quantity or refused, in words. */
  notes: string[];
}

/**
 * Adds many lines to whichever cart the buyer has, each on top of what the cart holds: the
 * account's in one POST /cart/lines (which checks each line and reports it), a visitor's in the
 * browser, kept within the tool's stock.
 */
export function useAddCartLines() {
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user?.email : undefined;
  const queryClient = useQueryClient();

  return async (lines: { tool: AddedTool; quantity: number }[]): Promise<AddLinesResult> => {
    if (email) {
      const result = await addCartLines(
        lines.map((line) => ({ toolId: line.tool._id, quantity: line.quantity })),
      );
      queryClient.setQueryData(queryKeys.cart.mine(email), result.cart);
      const names = new Map(lines.map((line) => [line.tool._id, line.tool.name]));
      return {
        added: result.lines.filter((line) => line.status !== 'refused').length,
        notes: result.lines
          .filter((line) => line.status !== 'added')
          .map((line) => `${line.name ?? names.get(line.toolId) ?? 'A tool'}: ${line.message}`),
      };
    }
    const notes: string[] = [];
    let added = 0;
    for (const { tool, quantity } of lines) {
      const inCart = localCart.lines();
      const held = inCart.find((line) => line.toolId === tool._id)?.quantity ?? 0;
      // The account's cart holds as many lines as one order takes; so does the browser's.
      if (!held && inCart.length >= MAX_CART_LINES) {
        notes.push(`${tool.name}: ${CART_FULL_MESSAGE}`);
        continue;
      }
      added += 1;
      const wanted = held + quantity;
      // Lowered to the stock in whole packs and multiples, as the account's cart does.
      const { step } = quantityRules(tool);
      const kept = Math.min(wanted, Math.floor(tool.availableQuantity / step) * step);
      if (kept < wanted)
        notes.push(
          `${tool.name}: lowered to ${formatCount(kept)}, all there is in stock (with your cart's ${formatCount(held)})`,
        );
      localCart.set({
        toolId: tool._id,
        name: tool.name,
        ...(tool.sku !== undefined && { sku: tool.sku }),
        unitPrice: tool.price,
        basePrice: tool.price,
        priceTiers: tool.priceTiers,
        quantity: kept,
        MinimumOrderQuantity: tool.MinimumOrderQuantity,
        availableQuantity: tool.availableQuantity,
        ...packOf(tool),
      });
    }
    return { added, notes };
  };
}
