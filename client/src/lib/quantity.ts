import { ABOVE_STOCK_MESSAGE, belowMinimumMessage } from '@toolworks/contract/order-messages';
import {
  isMultipleOf,
  leastQuantity,
  multipleMessage,
  quantityStep,
} from '@toolworks/contract/quantities';

// The quantity rules of the purchase page, as pure functions of the typed text.

/** Keeps only digits (no signs, dots or letters), without leading zeros, at most 9 of them. */
export function digitsOnly(text: string): string {
  return text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 9);
}

export function toQuantity(text: string): number {
  return text === '' ? 0 : Number(text);
}

/** What a tool's quantities move in (issue 50): packs and order multiples, in pieces. */
export interface QuantityRules {
  /** The least quantity the buyer may order: the minimum, up to a whole step. */
  minimum: number;
  step: number;
  packSize: number;
}

/**
 * A tool's (or cart line's) rules: its pack, the buyer's order multiple (a contract's when the
 * API gave one) and minimum; a tool sold by the piece steps by 1 from its minimum, as before.
 */
export function quantityRules(tool: {
  MinimumOrderQuantity: number;
  packSize?: number | undefined;
  orderMultiple?: number | undefined;
  quantityStep?: number | undefined;
  contractPrice?: { minimumOrderQuantity: number; orderMultiple: number } | null | undefined;
}): QuantityRules {
  const packSize = tool.packSize ?? 1;
  const multiple = tool.contractPrice?.orderMultiple ?? tool.orderMultiple ?? 1;
  const step = tool.quantityStep ?? quantityStep(packSize, multiple);
  const minimum = tool.contractPrice?.minimumOrderQuantity ?? tool.MinimumOrderQuantity;
  return { minimum: leastQuantity(minimum, step), step, packSize };
}

/** Minus goes down a step, never below the minimum (and never climbs up to it either). */
export function stepDown(quantity: number, minimum: number, step = 1): number {
  if (quantity <= minimum) return quantity;
  const below = isMultipleOf(quantity, step) ? quantity - step : quantity - (quantity % step);
  return Math.max(below, minimum);
}

/** Plus starts from the minimum when the quantity is below it, then goes up a step. */
export function stepUp(quantity: number, minimum: number, step = 1): number {
  return quantity < minimum ? minimum : (Math.floor(quantity / step) + 1) * step;
}

export function quantityProblem(
  quantity: number,
  minimum: number,
  available: number,
  rules: { step: number; packSize: number } = { step: 1, packSize: 1 },
): string | null {
  if (quantity < minimum) return belowMinimumMessage(minimum);
  if (!isMultipleOf(quantity, rules.step)) return multipleMessage(rules.step, rules.packSize);
  if (quantity > available) return ABOVE_STOCK_MESSAGE;
  return null;
}

/**
 * Counted in cents, so 3 x $0.10 is $0.30 and not $0.30000000000000004; a price per 100 pieces
 * (`priceBasis`) is divided by 100 and rounded to the cent, as the server does.
 */
export function totalDollars(quantity: number, unitPrice: number, priceBasis = 1): number {
  return Math.round((Math.round(unitPrice * 100) * quantity) / priceBasis) / 100;
}
