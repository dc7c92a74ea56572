import {
  lowestUnitPriceCents,
  nextTier,
  tiersToCents,
  unitPriceCentsFor,
  type NextTier,
} from '@toolworks/contract/pricing';
import type { Tool } from '@toolworks/contract/tools';

// The contract's pure pricing, over a tool as the API shows it (dollars). The server prices
// every order with the same functions, so what the page shows is what the order costs.

const baseCents = (tool: Tool) => Math.round(tool.price * 100);

/** The unit price in dollars for this quantity. */
export function unitPriceFor(tool: Tool, quantity: number): number {
  return unitPriceCentsFor(baseCents(tool), tiersToCents(tool.priceTiers), quantity) / 100;
}

export function nextTierFor(tool: Tool, quantity: number): NextTier | null {
  return nextTier(baseCents(tool), tiersToCents(tool.priceTiers), quantity);
}

/** The lowest unit price in dollars ("from $X"). */
export function lowestPrice(tool: Tool): number {
  return lowestUnitPriceCents(baseCents(tool), tiersToCents(tool.priceTiers)) / 100;
}
