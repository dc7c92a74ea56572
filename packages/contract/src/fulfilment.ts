import { z } from 'zod';
import { idSchema } from './fields.js';

/** Shipping, delivery and refunds of paid orders (admin): the bodies and the known carriers. */

/** Carriers whose tracking page the shop links to; anything else is typed in as "Other". */
export const KNOWN_CARRIERS = ['UPS', 'FedEx', 'DHL', 'USPS'] as const;

// Printable: no control or format characters (they would break the email and the CSV export).
const PRINTABLE = /^[^\p{C}]*$/u;
// A reason may run over lines (the dialog is a textarea); nothing else invisible.
const PRINTABLE_LINES = /^(?:[^\p{C}]|[\n\r\t])*$/u;

const optionalText = (schema: z.ZodString) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

export const carrierSchema = z
  .string({ error: 'Carrier must be text' })
  .trim()
  .max(40, 'Carrier must be 40 characters or shorter')
  .regex(PRINTABLE, 'Carrier may only contain printable characters');

export const trackingNumberSchema = z
  .string({ error: 'Tracking number must be text' })
  .trim()
  .max(40, 'Tracking number must be 40 characters or shorter')
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
    'Tracking number may only contain letters, digits, spaces and hyphens',
  );

/** PATCH /order/{id}/ship: both optional (an empty or absent body ships without tracking). */
export const ShipOrderSchema = z.object({
  carrier: optionalText(carrierSchema),
  trackingNumber: optionalText(trackingNumberSchema),
});
export type ShipOrderInput = z.input<typeof ShipOrderSchema>;

export const refundReasonSchema = z
  .string({ error: 'Reason must be text' })
  .trim()
  .max(500, 'Reason must be 500 characters or shorter')
  .regex(PRINTABLE_LINES, 'Reason may only contain printable characters');

/** POST /order/{id}/refund: the reason is told to the buyer in the refund email. */
export const RefundOrderSchema = z.object({ reason: optionalText(refundReasonSchema) });
export type RefundOrderInput = z.input<typeof RefundOrderSchema>;

export const FulfilmentParamsSchema = z.object({ id: idSchema });
