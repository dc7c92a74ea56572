import { z } from 'zod';
import { idSchema } from './fields.js';
import {
  expectedPriceSchema,
  orderAddressSchema,
  orderPhoneSchema,
  orderQuantitySchema,
} from './orders.js';

/** A cart line as the server prices it now, with the tool's limits for the quantity control. */
export const CartLineSchema = z.object({
  toolId: z.string(),
  name: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  MinimumOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** GET /cart, and the answer of every cart change. Dollars. */
export const CartSchema = z.object({
  items: z.array(CartLineSchema),
  total: z.number(),
});
export type Cart = z.infer<typeof CartSchema>;

export const CartToolParamsSchema = z.object({ toolId: idSchema });

/** PUT /cart/{toolId}: the range (the tool's minimum to its stock) is checked by the service. */
export const SetCartLineSchema = z.object({ quantity: orderQuantitySchema });
export type SetCartLineInput = z.infer<typeof SetCartLineSchema>;

export const poReferenceSchema = z
  .string({ error: 'Purchase order reference must be text' })
  .trim()
  .max(50, 'Purchase order reference must be 50 characters or shorter')
  .optional()
  .transform((reference) => reference || undefined);

/** POST /checkout: one order for every line of the caller's cart. */
export const CheckoutSchema = z.object({
  userName: z
    .string()
    .trim()
    .max(100, 'Name must be 100 characters or shorter')
    .optional()
    .transform((name) => name || undefined),
  userPhone: orderPhoneSchema,
  userAddress: orderAddressSchema,
  poReference: poReferenceSchema,
  /** The total (dollars) the buyer was shown; a different server total is a 409 PRICE_CHANGED. */
  expectedTotal: expectedPriceSchema,
});
export type CheckoutInput = z.input<typeof CheckoutSchema>;
