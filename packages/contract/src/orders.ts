import { z } from 'zod';
import { LineShipmentSchema } from './availability.js';
import { emailSchema, idSchema, plainText } from './fields.js';

/**
 * Where an order is in its life. `unpaid` orders hold their stock until `expiresAt`, then become
 * `expired`; `delivered` and `refunded` belong to fulfilment (after `shipped` / `paid`). A
 * company member's order above their spending limit is `awaiting_approval` (stock held, no
 * clock) until an approver approves it (`unpaid`) or rejects it (`rejected`, stock returned).
 * `confirmed`: placed on a company's payment terms, invoiced and not yet paid; it may ship.
 */
export const ORDER_STATUSES = [
  'unpaid',
  'awaiting_approval',
  'confirmed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
  'refunded',
  'rejected',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/*
 * What each status counts as, written once for the client's screens and the server's rules and
 * queries (server/src/domain/order-status.ts builds its decisions on these; its table test gives
 * every status its place in each set).
 */
type StatusSet = readonly OrderStatus[];

/** An order that ended without a sale: no spend against a limit, not an order in the figures. */
export const UNSPENT_STATUSES: StatusSet = ['cancelled', 'expired', 'rejected'];

/** What counts as an order in the Overview's daily figures: every status but the unspent. */
export const COUNTED_ORDER_STATUSES: StatusSet = ORDER_STATUSES.filter(
  (status) => !UNSPENT_STATUSES.includes(status),
);

/** The shop has been paid for the order (a refund gives the money back, but it was paid). */
export const PAID_STATUSES: StatusSet = ['paid', 'shipped', 'delivered', 'refunded'];

/**
 * Sold and kept: paid (or, on terms, shipped against an invoice) and not refunded. Such an order
 * can be refunded, vouches for its buyer's reviews of its tools, and is revenue once paid.
 */
export const KEPT_STATUSES: StatusSet = ['paid', 'shipped', 'delivered'];

/** Placed and holding stock, neither paid nor confirmed: its buyer may still cancel it. */
export const OPEN_STATUSES: StatusSet = ['unpaid', 'awaiting_approval'];

/** Ready to leave the warehouse: paid by card, or confirmed on terms (the invoice is due later). */
export const SHIPPABLE_STATUSES: StatusSet = ['paid', 'confirmed'];

/** The goods have left the warehouse (the spec's `shipped` flag). */
export const SHIPPED_STATUSES: StatusSet = ['shipped', 'delivered'];

/**
 * A card payment applies: the order is unpaid, or expired and paid late (its stock is taken
 * again if it is still there).
 */
export const PAYABLE_STATUSES: StatusSet = ['unpaid', 'expired'];

/**
 * One line of an order: the tool, its name and SKU (part number) and unit price when ordered,
 * and quantity x unit price. `sku` is absent only on lines of orders placed before SKUs whose
 * tool had already been deleted.
 */
export const OrderLineSchema = z.object({
  toolId: z.string(),
  name: z.string(),
  sku: z.string().optional(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  /**
   * Present when part of the line was backordered: what ships now and what ships on each
   * promised date (from an incoming batch, then the lead time). Absent: all ships now.
   */
  shipments: z.array(LineShipmentSchema).optional(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** A price the client saw, in dollars (at most cents); compared with the server's own price. */
export const expectedPriceSchema = z
  .number({ error: 'Expected price must be a number' })
  .min(0, 'Expected price must be 0 or more')
  .max(100_000_000, 'Expected price is too large');

/** An order as the API shows it: the spec's wire names, `price` is the total in dollars. */
export const OrderSchema = z.object({
  _id: z.string(),
  /** A short human number, sequential: `TW-100042`. */
  number: z.string(),
  status: OrderStatusSchema,
  /** Every line of the order; at least one. */
  items: z.array(OrderLineSchema).min(1),
  toolId: z.string(),
  name: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  userName: z.string(),
  userEmail: z.string(),
  userPhone: z.string(),
  userAddress: z.string(),
  poReference: z.string().optional(),
  /** The quote this order was placed from: `Q-100012`. */
  quoteNumber: z.string().optional(),
  isPaid: z.boolean(),
  /** Placed on the company's payment terms ("Pay on invoice"): its invoice is due later. */
  onInvoice: z.boolean().optional(),
  iscancelled: z.boolean(),
  transactionId: z.string().optional(),
  shipped: z.boolean().optional(),
  /** Fulfilment: set when the admin gave them on shipping; `trackingUrl` for a known carrier. */
  shippedAt: z.string().optional(),
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  trackingUrl: z.string().optional(),
  deliveredAt: z.string().optional(),
  refundedAt: z.string().optional(),
  refundId: z.string().optional(),
  refundReason: z.string().optional(),
  /** While unpaid: when the reservation ends and the order expires; on an expired order, when it did. */
  expiresAt: z.string().optional(),
  /** A company member's order: their company (trade accounts). */
  companyId: z.string().optional(),
  /** Who approved an order that was above its buyer's spending limit, and when. */
  approvedBy: z.string().optional(),
  approvedAt: z.string().optional(),
  /** Who rejected an order awaiting approval, when and why (the buyer reads the reason). */
  rejectedBy: z.string().optional(),
  rejectedAt: z.string().optional(),
  rejectionReason: z.string().optional(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderListSchema = z.array(OrderSchema);

export const ORDER_QUANTITY_MESSAGE = 'Quantity must be a whole number';

/** Shape only: the range (the tool's minimum to its stock) is checked by the orders service. */
export const orderQuantitySchema = z
  .number({ error: ORDER_QUANTITY_MESSAGE })
  .int(ORDER_QUANTITY_MESSAGE);

export const orderPhoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, { error: 'Phone is required', abort: true })
  .min(6, 'Phone must be at least 6 characters')
  .max(30, 'Phone must be 30 characters or shorter')
  .regex(/^[0-9 +\-()]+$/, 'Phone may only contain digits, spaces, +, - and ()');

/** Multi-line: a delivery address may be typed over several lines. */
export const orderAddressSchema = plainText(
  z
    .string({ error: 'Address is required' })
    .trim()
    .min(1, { error: 'Address is required', abort: true })
    .min(5, 'Address must be at least 5 characters')
    .max(300, 'Address must be 300 characters or shorter'),
  'Address',
  { multiline: true },
);

/** The buyer's name on an order or quote; blank or absent: the signed-in user's name. */
export const orderUserNameSchema = plainText(
  z
    .string({ error: 'Name must be text' })
    .trim()
    .max(100, 'Name must be 100 characters or shorter'),
  'Name',
)
  .optional()
  .transform((name) => name || undefined);

/**
 * POST /addOrderItem. The spec's client also sent name, price, userEmail, isPaid and iscancelled:
 * they are accepted and dropped (zod strips unknown keys). The email comes from the access
 * token and the name and price from the stored tool. A missing `userName` falls back to the
 * signed-in user's name.
 */
export const CreateOrderSchema = z.object({
  toolId: idSchema,
  quantity: orderQuantitySchema,
  userName: orderUserNameSchema,
  userPhone: orderPhoneSchema,
  userAddress: orderAddressSchema,
  /** The unit price (dollars) the buyer was shown; a different stored price is a 409 PRICE_CHANGED. */
  expectedUnitPrice: expectedPriceSchema.optional(),
});
export type CreateOrderInput = z.input<typeof CreateOrderSchema>;

/** The contact part of the purchase form; the quantity has its own control. */
export const PurchaseFormSchema = CreateOrderSchema.pick({ userPhone: true, userAddress: true });
export type PurchaseForm = z.infer<typeof PurchaseFormSchema>;

export const OrderIdParamsSchema = z.object({ id: idSchema });

export const MyOrdersParamsSchema = z.object({ email: emailSchema });

/** DELETE /order/{id}: the spec's client removes the order from its list when this is above 0. */
export const DeleteOrderResponseSchema = z.object({ deletedCount: z.number().int() });
export type DeleteOrderResponse = z.infer<typeof DeleteOrderResponseSchema>;

export const REJECTION_REASON_MAX = 500;

/** POST /order/{id}/reject: an approver's reason, which the buyer is emailed. */
export const RejectOrderSchema = z.object({
  reason: plainText(
    z
      .string({ error: 'Give a reason for rejecting the order' })
      .trim()
      .min(1, { error: 'Give a reason for rejecting the order', abort: true })
      .max(
        REJECTION_REASON_MAX,
        `The reason must be ${REJECTION_REASON_MAX} characters or shorter`,
      ),
    'Reason',
    { multiline: true },
  ),
});
export type RejectOrderInput = z.input<typeof RejectOrderSchema>;
