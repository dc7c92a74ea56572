/**
 * Volume pricing, pure and shared: the server prices every order with it and the client shows
 * the same figures live. Integer cents only, so both sides agree to the cent.
 */

/** A volume price: from `minQuantity` units on, each unit costs `priceCents`. */
export interface PriceTierCents {
  minQuantity: number;
  priceCents: number;
}

/** A volume price as the API shows it, in dollars. */
export interface PriceTierDollars {
  minQuantity: number;
  price: number;
}

export const MAX_PRICE_TIERS = 10;

export const tiersToCents = (tiers: readonly PriceTierDollars[]): PriceTierCents[] =>
  tiers.map((tier) => ({
    minQuantity: tier.minQuantity,
    priceCents: Math.round(tier.price * 100),
  }));

export const tiersToDollars = (tiers: readonly PriceTierCents[]): PriceTierDollars[] =>
  tiers.map((tier) => ({ minQuantity: tier.minQuantity, price: tier.priceCents / 100 }));

/** The unit price for a quantity: the tier with the largest `minQuantity` at or below it. */
export function unitPriceCentsFor(
  basePriceCents: number,
  tiers: readonly PriceTierCents[],
  quantity: number,
): number {
  let unit = basePriceCents;
  let reached = 0;
  for (const tier of tiers) {
    if (tier.minQuantity <= quantity && tier.minQuantity > reached) {
      unit = tier.priceCents;
      reached = tier.minQuantity;
    }
  }
  return unit;
}

export interface NextTier {
  minQuantity: number;
  priceCents: number;
  /** How many more units reach it. */
  unitsMore: number;
  /** What `minQuantity` units cost less at that tier than at today's unit price. */
  savingsCents: number;
}

/** The first tier above `quantity` (for "Add 40 more to pay $11.90 each"), or null at the top. */
export function nextTier(
  basePriceCents: number,
  tiers: readonly PriceTierCents[],
  quantity: number,
): NextTier | null {
  const above = tiers
    .filter((tier) => tier.minQuantity > quantity)
    .sort((a, b) => a.minQuantity - b.minQuantity)[0];
  if (!above) return null;
  const current = unitPriceCentsFor(basePriceCents, tiers, quantity);
  return {
    minQuantity: above.minQuantity,
    priceCents: above.priceCents,
    unitsMore: above.minQuantity - quantity,
    savingsCents: Math.max(0, (current - above.priceCents) * above.minQuantity),
  };
}

/** The lowest unit price a tool can have ("from $X" on cards). */
export function lowestUnitPriceCents(basePriceCents: number, tiers: readonly PriceTierCents[]) {
  return Math.min(basePriceCents, ...tiers.map((tier) => tier.priceCents));
}

export interface TierProblem {
  /** Relative to the tiers array: `[index, 'minQuantity' | 'price']`, or `[]` for the list. */
  path: (number | string)[];
  message: string;
}

/**
 * The rules that relate tiers to each other and to the tool (each tier's own number checks are
 * the schema's). Returned rather than thrown, so a schema refinement and a service can both use
 * them and name the row at fault.
 */
export function tierProblems(
  tiers: readonly PriceTierCents[],
  basePriceCents: number,
  minimumOrderQuantity: number,
): TierProblem[] {
  const problems: TierProblem[] = [];
  if (tiers.length > MAX_PRICE_TIERS) {
    problems.push({ path: [], message: `At most ${MAX_PRICE_TIERS} volume prices` });
  }
  tiers.forEach((tier, index) => {
    const previous = index > 0 ? tiers[index - 1] : undefined;
    if (tier.minQuantity <= minimumOrderQuantity) {
      problems.push({
        path: [index, 'minQuantity'],
        message: `Quantity must be more than the minimum order quantity (${minimumOrderQuantity})`,
      });
    } else if (previous && tier.minQuantity <= previous.minQuantity) {
      problems.push({
        path: [index, 'minQuantity'],
        message: 'Quantity must be more than the row above',
      });
    }
    if (tier.priceCents >= basePriceCents) {
      problems.push({ path: [index, 'price'], message: 'Volume price must be below the price' });
    } else if (previous && tier.priceCents >= previous.priceCents) {
      problems.push({ path: [index, 'price'], message: 'Price must be below the row above' });
    }
  });
  return problems;
}
