import { MAX_CART_LINES } from './cart-limits.js';
import { z } from 'zod';
import { IncomingBatchSchema } from './availability.js';
import { idSchema, plainText } from './fields.js';
import { shipToFields } from './tax.js';
import {
  expectedPriceSchema,
  orderAddressSchema,
  orderPhoneSchema,
  orderQuantitySchema,
  orderUserNameSchema,
  packLineFields,
  PAYMENT_METHODS,
} from './orders.js';

/** A cart line as the server prices it now, with the tool's limits for the quantity control. */
export const CartLineSchema = z.object({
  toolId: z.string(),
  name: z.string(),
  /**
   * The tool's part number. The server always sends it; a visitor's line kept in the browser
   * from before SKUs has none.
   */
  sku: z.string().optional(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  MinimumOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /**
   * The tool's availability plan (see availability.ts), so the cart and checkout show what
   * ships when. The server always sends them; a visitor's line kept in the browser has none.
   */
  allowBackorders: z.boolean().optional(),
  leadTimeDays: z.number().int().nullable().optional(),
  incomingStock: z.array(IncomingBatchSchema).optional(),
  ...packLineFields,
  /** The buyer's order multiple (a contract may set it); absent: 1. */
  orderMultiple: z.number().int().optional(),
  /** The step the quantity moves in (whole packs and multiples); absent: 1. */
  quantityStep: z.number().int().optional(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** GET /cart, and the answer of every cart change. Dollars. */
export const CartSchema = z.object({
  items: z.array(CartLineSchema),
  total: z.number(),
});
export type Cart = z.infer<typeof CartSchema>;

/** GET /cart/tax: the cart's tax, shipped there, before the order is placed. */
export const CartTaxQuerySchema = z.object(shipToFields);

export const CartToolParamsSchema = z.object({ toolId: idSchema });

/** PUT /cart/{toolId}: the range (the tool's minimum to its stock) is checked by the service. */
export const SetCartLineSchema = z.object({ quantity: orderQuantitySchema });
export type SetCartLineInput = z.infer<typeof SetCartLineSchema>;

export const poReferenceSchema = plainText(
  z
    .string({ error: 'Purchase order reference must be text' })
    .trim()
    .max(50, 'Purchase order reference must be 50 characters or shorter'),
  'Purchase order reference',
)
  .optional()
  .transform((reference) => reference || undefined);

/** POST /checkout: one order for every line of the caller's cart. */
export const CheckoutSchema = z.object({
  userName: orderUserNameSchema,
  userPhone: orderPhoneSchema,
  userAddress: orderAddressSchema,
  /**
   * One of the buyer's company's delivery addresses (its `_id` in `GET /company`): its text
   * becomes the order's address, in place of `userAddress`.
   */
  deliveryAddressId: idSchema.optional(),
  poReference: poReferenceSchema,
  /** The total (dollars) the buyer was shown; a different server total is a 409 PRICE_CHANGED. */
  expectedTotal: expectedPriceSchema,
  /** `invoice`: pay on invoice, on the buyer's company's payment terms (checked by the server). */
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose card or pay on invoice' }).optional(),
  /** Where it ships, for its tax (issue 51); `expectedTotal` then includes the tax shown. */
  ...shipToFields,
});
export type CheckoutInput = z.input<typeof CheckoutSchema>;

const addedQuantitySchema = orderQuantitySchema
  .min(1, 'Quantity must be at least 1')
  .max(1_000_000, 'Quantity must be 1,000,000 or less');

/**
 * POST /cart/lines ("Order again"): lines added to the caller's cart in one request. Each is
 * checked by the service against the tool as it is now, and answered line by line.
 */
export const AddCartLinesSchema = z.object({
  lines: z
    .array(z.object({ toolId: idSchema, quantity: addedQuantitySchema }), {
      error: 'Lines must be a list',
    })
    .min(1, 'Add at least one line')
    .max(MAX_CART_LINES, `Add at most ${MAX_CART_LINES} lines at once`)
    .refine((lines) => new Set(lines.map((line) => line.toolId)).size === lines.length, {
      error: 'Each tool may be listed once',
    }),
});
export type AddCartLinesInput = z.input<typeof AddCartLinesSchema>;

/**
 * What happened to one requested line: `added` as asked; `adjusted` added with another quantity
 * (raised to the tool's minimum, or lowered to its stock), `message` says which; `refused` not
 * added (the tool is no longer sold, or sold out), `message` says why.
 */
export const AddedCartLineSchema = z.object({
  toolId: z.string(),
  /** The tool's name now; absent when the tool is no longer sold. */
  name: z.string().optional(),
  requested: z.number().int(),
  status: z.enum(['added', 'adjusted', 'refused']),
  /** The line's quantity in the cart now (with what it held before); absent when refused. */
  quantity: z.number().int().optional(),
  message: z.string(),
});
export type AddedCartLine = z.infer<typeof AddedCartLineSchema>;

export const AddCartLinesResultSchema = z.object({
  lines: z.array(AddedCartLineSchema),
  cart: CartSchema,
});
export type AddCartLinesResult = z.infer<typeof AddCartLinesResultSchema>;
