/**
 * The purchase page's quantity messages; the minimum is the tool's own, not the spec's fixed 100.
 * No zod here: the client's quantity checks (on every page with Add to cart) import only these
 * words, so the schema library stays out of the home page's first load.
 */
export const belowMinimumMessage = (minimum: number) =>
  `You have to purchase at least ${minimum} products`;
export const ABOVE_STOCK_MESSAGE = 'You have to purchase below our availableQuantity';
