/**
 * Pack sizes and order multiples (issue 50), pure and shared: quantities are always in pieces
 * (stock is kept in pieces); a tool sold in packs of 100 moves in steps of 100.
 */

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The step a quantity moves in: a whole number of packs that is also a whole order multiple. */
export function quantityStep(packSize = 1, orderMultiple = 1): number {
  return (packSize / gcd(packSize, orderMultiple)) * orderMultiple;
}

export const isMultipleOf = (quantity: number, step: number) => quantity % step === 0;

/** The next quantity at or above `quantity` that is a multiple of `step` (150 in 100s: 200). */
export function roundUpToStep(quantity: number, step: number): number {
  return Math.ceil(quantity / step) * step;
}

/** The least quantity a buyer may order: the minimum, rounded up to the step. */
export function leastQuantity(minimumOrderQuantity: number, step: number): number {
  return roundUpToStep(Math.max(minimumOrderQuantity, 1), step);
}

/**
 * The allowed quantity nearest to a refused one (half way: the one above; never below `least`),
 * for `QUANTITY_NOT_MULTIPLE`'s `details.nearest`.
 */
export function nearestAllowed(quantity: number, step: number, least = step): number {
  return Math.max(least, Math.round(quantity / step) * step);
}

/** "Order in packs of 100", "Order in multiples of 6": why a quantity was refused or rounded. */
export function multipleMessage(step: number, packSize = 1): string {
  return step === packSize && packSize > 1
    ? `Order in packs of ${packSize}`
    : `Order in multiples of ${step}`;
}

/**
 * What the cart and the tool page say of a tool's quantities: "Sold in packs of 100", "Order in
 * multiples of 6", or null for a tool sold by the piece in any quantity.
 */
export function packNotice(packSize = 1, orderMultiple = 1): string | null {
  const step = quantityStep(packSize, orderMultiple);
  if (packSize > 1)
    return step === packSize
      ? `Sold in packs of ${packSize}`
      : `Sold in packs of ${packSize}; order in multiples of ${step}`;
  return orderMultiple > 1 ? `Order in multiples of ${orderMultiple}` : null;
}

/**
 * Quick order's and a saved list's rounding: a quantity off the step goes up to the next step,
 * and at least to `least` (150 of a pack of 100: 200); one on the step is left as it is.
 */
export function roundUpToAllowed(quantity: number, step: number, least: number): number {
  if (isMultipleOf(quantity, step)) return quantity;
  return Math.max(roundUpToStep(quantity, step), least);
}
