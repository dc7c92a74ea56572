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

/**
 * The prices this buyer pays: a company member's contract schedule when the API gave one (the
 * server resolved it as the cart and the order will), else the tool's own list and volume prices.
 */
export function buyerPrices(tool: Tool): {
  price: number;
  priceTiers: Tool['priceTiers'];
  minimumOrderQuantity: number;
} {
  const contract = tool.contractPrice;
  if (contract) return contract;
  return {
    price: tool.price,
    priceTiers: tool.priceTiers,
    minimumOrderQuantity: tool.MinimumOrderQuantity,
  };
}

const baseCents = (tool: Tool) => Math.round(buyerPrices(tool).price * 100);
const tierCents = (tool: Tool) => tiersToCents(buyerPrices(tool).priceTiers);

/** The unit price in dollars for this quantity. */
export function unitPriceFor(tool: Tool, quantity: number): number {
  return unitPriceCentsFor(baseCents(tool), tierCents(tool), quantity) / 100;
}

export function nextTierFor(tool: Tool, quantity: number): NextTier | null {
  return nextTier(baseCents(tool), tierCents(tool), quantity);
}

/** The lowest unit price in dollars ("from $X"). */
export function lowestPrice(tool: Tool): number {
  return lowestUnitPriceCents(baseCents(tool), tierCents(tool)) / 100;
}
