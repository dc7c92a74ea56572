import type { OrderStatus } from './orders.js';

/**
 * Order status sets both sides read (the server's domain re-exports them with the rest of its
 * sets). No zod here: a page that only asks "is this order kept?" loads these few words.
 */

/** The shop has been paid for the order (a refund gives the money back, but it was paid). */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'delivered', 'refunded'];

/**
 * Sold and kept: paid (or, on terms, shipped against an invoice) and not refunded. Such an order
 * can be refunded, vouches for its buyer's reviews of its tools, and is revenue once paid.
 */
export const KEPT_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'delivered'];
