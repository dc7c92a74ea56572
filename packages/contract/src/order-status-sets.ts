/**
 * Where an order is in its life. `unpaid` orders hold their stock until `expiresAt`, then become
 * `expired`; `delivered` and `refunded` belong to fulfilment (after `shipped` / `paid`). A
 * company member's order above their spending limit is `awaiting_approval` (stock held, no
 * clock) until an approver approves it (`unpaid`) or rejects it (`rejected`, stock returned).
 * `confirmed`: the status of an order paid by invoice (`paymentMethod` `invoice`), on its
 * company's payment terms: invoiced and not yet paid; it may ship.
 * `partly_shipped`: some units have left in shipments, the rest has not (issue 53): it counts as
 * `shipped` does (sold, kept, paid by card) and can still ship.
 */
export const ORDER_STATUSES = [
  'unpaid',
  'awaiting_approval',
  'confirmed',
  'paid',
  'partly_shipped',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
  'refunded',
  'rejected',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/*
 * What each order status counts as, written once for the client's screens and the server's rules
 * and queries (server/src/domain/order-status.ts re-exports these and builds its decisions on
 * them; its table test gives every status its place in each set). No zod here: a page that only
 * asks "is this order kept?" loads these few words.
 */
type StatusSet = readonly OrderStatus[];

/** An order that ended without a sale: no spend against a limit, not an order in the figures. */
export const UNSPENT_STATUSES: StatusSet = ['cancelled', 'expired', 'rejected'];

/** What counts as an order in the Overview's daily figures: every status but the unspent. */
export const COUNTED_ORDER_STATUSES: StatusSet = ORDER_STATUSES.filter(
  (status) => !UNSPENT_STATUSES.includes(status),
);

/**
 * Sold, for tax: confirmed on terms (invoiced), paid, shipped or delivered, and not refunded.
 * The tax reports and the EU distance-sales threshold count these.
 */
export const SOLD_STATUSES: StatusSet = [
  'confirmed',
  'paid',
  'partly_shipped',
  'shipped',
  'delivered',
];

/** The shop has been paid for the order (a refund gives the money back, but it was paid). */
export const PAID_STATUSES: StatusSet = [
  'paid',
  'partly_shipped',
  'shipped',
  'delivered',
  'refunded',
];

/**
 * Sold and kept: paid (or, on terms, shipped against an invoice) and not refunded. Such an order
 * can be refunded, vouches for its buyer's reviews of its tools, and is revenue once paid.
 */
export const KEPT_STATUSES: StatusSet = ['paid', 'partly_shipped', 'shipped', 'delivered'];

/**
 * Its lines still hold what they were allocated (stock, batch units, the lead time) for the units
 * not yet shipped: receiving a batch serves these orders' promises, oldest first.
 */
export const HOLDING_STATUSES: StatusSet = [
  'unpaid',
  'awaiting_approval',
  'confirmed',
  'paid',
  'partly_shipped',
];

/** Placed and holding stock, neither paid nor confirmed: its buyer may still cancel it. */
export const OPEN_STATUSES: StatusSet = ['unpaid', 'awaiting_approval'];

/**
 * A card payment may land on it: still waiting for one, or its reservation lapsed (its stock is
 * then taken again, if there is any). Nothing awaiting approval is paid before it is approved.
 */
export const PAYABLE_STATUSES: StatusSet = ['unpaid', 'expired'];

/**
 * Ready to leave the warehouse: paid by card, or confirmed on terms (the invoice is due later),
 * or partly shipped with more to go.
 */
export const SHIPPABLE_STATUSES: StatusSet = ['paid', 'confirmed', 'partly_shipped'];

/**
 * The goods have left the warehouse (the spec's `shipped` flag): all of them, so a partly
 * shipped order is not yet shipped.
 */
export const SHIPPED_STATUSES: StatusSet = ['shipped', 'delivered'];
