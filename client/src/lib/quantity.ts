import { ABOVE_STOCK_MESSAGE, belowMinimumMessage } from '@toolworks/contract/order-messages';

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

/** Minus never goes below the tool's minimum (and never climbs up to it either). */
export function stepDown(quantity: number, minimum: number): number {
  return quantity > minimum ? quantity - 1 : quantity;
}

/** Plus starts from the minimum when the quantity is below it. */
export function stepUp(quantity: number, minimum: number): number {
  return quantity < minimum ? minimum : quantity + 1;
}

export function quantityProblem(
  quantity: number,
  minimum: number,
  available: number,
): string | null {
  if (quantity < minimum) return belowMinimumMessage(minimum);
  if (quantity > available) return ABOVE_STOCK_MESSAGE;
  return null;
}

/** Counted in cents, so 3 x $0.10 is $0.30 and not $0.30000000000000004. */
export function totalDollars(quantity: number, unitPrice: number): number {
  return (Math.round(unitPrice * 100) * quantity) / 100;
}
