import { OrderLineTaxSchema, OrderTaxSchema, shipToFields } from './tax.js';
import { z } from 'zod';
import { ShipmentSchema, ToShipSchema } from './shipments.js';
import { ORDER_STATUSES } from './order-status-sets.js';
import { LineShipmentSchema } from './availability.js';
import { emailSchema, idSchema, plainText } from './fields.js';
import { UNIT_CODES } from './units.js';

export { ORDER_STATUSES, type OrderStatus } from './order-status-sets.js';

export const OrderStatusSchema = z.enum(ORDER_STATUSES);

/**
 * One line of an order: the tool, its name and SKU (part number) and unit price when ordered,
 * and quantity x unit price. `sku` is absent only on lines of orders placed before SKUs whose
 * tool had already been deleted.
 */
/**
 * Issue 50: what a line's price is for, sent only when it is not a piece at a time: the tool's
 * UN/ECE Rec 20 unit (absent: 'C62'), its pack (absent: 1) and the pieces `unitPrice` is for
 * (absent: 1; a line's total is quantity x unitPrice / priceBasis). Quantities are in pieces.
 */
export const packLineFields = {
  unit: z.enum(UNIT_CODES).optional(),
  packSize: z.number().int().optional(),
  priceBasis: z.number().int().optional(),
};

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
  /**
   * The contract price list that set `unitPrice` when the order was placed, by its name then;
   * absent for the list price, a volume price or a quote's agreed price.
   */
  priceListName: z.string().optional(),
  unit: packLineFields.unit,
  priceBasis: packLineFields.priceBasis,
  /** Its tax as decided when placed (issue 51); absent on orders placed before. */
  tax: OrderLineTaxSchema.optional(),
  /** Units of the line that have left in shipments (issue 53); present once one has. */
  shippedQuantity: z.number().int().optional(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** A price the client saw, in dollars (at most cents); compared with the server's own price. */
export const expectedPriceSchema = z
  .number({ error: 'Expected price must be a number' })
  .min(0, 'Expected price must be 0 or more')
  .max(100_000_000, 'Expected price is too large');

/**
 * How an order is paid, one name from the checkout form to the database: by `card` (the
 * default), or `invoice`: pay on invoice, on the buyer's company's payment terms (due later).
 */
export const PAYMENT_METHODS = ['card', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Paid on invoice, on the company's terms: `confirmed` (it may ship) until its invoice is paid. */
export const paysOnInvoice = (order: { paymentMethod: PaymentMethod }) =>
  order.paymentMethod === 'invoice';

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
  /** Where it shipped and its tax per category and rate (issue 51); absent on older orders. */
  tax: OrderTaxSchema.optional(),
  quantity: z.number().int(),
  userName: z.string(),
  userEmail: z.string(),
  userPhone: z.string(),
  userAddress: z.string(),
  poReference: z.string().optional(),
  /** The quote this order was placed from: `Q-100012`. */
  quoteNumber: z.string().optional(),
  isPaid: z.boolean(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** `paymentMethod` is `invoice` (kept for the clients that read it): absent when by card. */
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
  /** Its shipments, oldest first (issue 53); absent until one has left. */
  shipments: z.array(ShipmentSchema).optional(),
  /** Still to ship, while it can still ship and part of it waits or has left. */
  toShip: ToShipSchema.optional(),
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
  /** Where it ships, for its tax (issue 51); left out, the shop's own country. */
  ...shipToFields,
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
