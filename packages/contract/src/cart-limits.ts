import { formatCount } from './format.js';

// Apart from cart.ts, whose schemas load zod: the catalogue's cards check the cap too, and the
// first script of every page stays without the schema library (client/src/lib/zod-without-eval.ts).

/**
 * How many lines a cart, and so the order it becomes, may hold: 10,000 lines made a 1.3 MB
 * order, a 6 MB payment email and a 566 kB invoice PDF. Quick order's cap is the natural one.
 */
export const MAX_CART_LINES = 500;

/** Why a new tool does not go into a full cart (the account's, on the server, or a visitor's). */
export const CART_FULL_MESSAGE = `Your cart holds ${formatCount(MAX_CART_LINES)} lines, the most one order takes: check out or remove a line first`;
