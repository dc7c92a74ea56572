import { z } from 'zod';
import { categorySlugSchema } from './tools.js';
import { skuSchema } from './sku.js';
import {
  availabilityFields,
  incomingBatchInputSchema,
  leadTimeDaysSchema,
} from './availability.js';
import { MAX_PRICE_TIERS, tierProblems, tiersToCents, type PriceTierDollars } from './pricing.js';
import { formatCount } from './format.js';
import { numberInput, plainText } from './fields.js';
import { UNIT_CODES } from './units.js';
import { DEFAULT_TAX_CLASS, taxClassSchema } from './tax.js';

/**
 * POST /addtools and PUT /tool/{id}: what an admin may write into the catalogue. The wire names
 * are the spec's (`availableQuantity`, `MinimumOrderQuantity`); the price is in dollars.
 */

export const TOOL_NAME_MAX = 120;
export const TOOL_DESCRIPTION_MAX = 2000;
export const TOOL_PRICE_MAX = 1_000_000;
export const TOOL_QUANTITY_MAX = 10_000_000;

// Images the shop ships with (client/public/images) or any web address. No other scheme:
// `javascript:` or `data:` URLs would end up in every visitor's <img src>.
const SHIPPED_IMAGE = /^\/images\/[a-z0-9/_-]+\.(svg|png|jpe?g|webp)$/;
export const IMG_MESSAGE =
  'Image must be an http(s) address or a shop image path like /images/tools/drill.svg';

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** At most two decimals, judged on the cents so that 19.99 (1998.9999... x 100) passes. */
function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

const numberError = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required` : `${label} must be a number`;

const wholeNumber = (label: string, min: number) =>
  z
    .number({ error: numberError(label) })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be ${min} or more`)
    .max(TOOL_QUANTITY_MAX, `${label} must be ${formatCount(TOOL_QUANTITY_MAX)} or less`);

export const SPECS_MAX = 30;
export const DATASHEET_MESSAGE = 'Datasheet must be an http(s) address of a PDF';

const specText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, `${label} must be ${max} characters or shorter`);

/** The catalogue fields: optional on the wire (older clients); an update keeps absent ones. */
export const catalogueFields = {
  /** Left out: a new tool gets one made from its category and id, an edited one keeps its own. */
  sku: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    skuSchema.optional(),
  ),
  category: categorySlugSchema.optional(),
  specs: z
    .array(z.object({ name: specText('Specification name', 60), value: specText('Value', 200) }), {
      error: 'Specifications must be a list of name and value pairs',
    })
    .max(SPECS_MAX, `At most ${SPECS_MAX} specifications`)
    .optional(),
  // Blank clears the link (null); any other value must be a web address.
  datasheetUrl: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: DATASHEET_MESSAGE })
      .trim()
      .max(2048, 'Datasheet address must be 2048 characters or shorter')
      .refine(isWebAddress, DATASHEET_MESSAGE)
      .nullable()
      .optional(),
  ),
  ...availabilityFields,
  ...packFields(),
  /** Issue 51. Absent: 'standard' on create, kept on update. */
  taxClass: taxClassSchema.optional(),
};

/**
 * Issue 50: the unit a tool is sold in, its pack, the multiple it is ordered in and the number of
 * pieces its price is for. Quantities everywhere stay in pieces. Absent: 'C62' (piece) and 1 on
 * create, kept on update.
 */
function packFields() {
  return {
    unit: z.enum(UNIT_CODES, { error: `Unit must be one of ${UNIT_CODES.join(', ')}` }).optional(),
    packSize: wholeNumber('Pack size', 1).optional(),
    orderMultiple: wholeNumber('Order multiple', 1).optional(),
    priceBasis: wholeNumber('Price basis', 1).optional(),
  };
}

export const minimumMultipleMessage = (orderMultiple: number) =>
  `Minimum order quantity must be a multiple of the order multiple (${formatCount(orderMultiple)})`;

type MultipleFieldsShape = { MinimumOrderQuantity: number; orderMultiple?: number | undefined };

/**
 * The minimum is a whole number of order multiples, reported on the minimum's field; judged once
 * both are valid, whatever else is wrong. An update that leaves the multiple out is judged by
 * the server against the stored one.
 */
export function minimumOnMultiple<S extends z.ZodType<MultipleFieldsShape>>(schema: S): S {
  const valid = (value: unknown) => toolFields.MinimumOrderQuantity.safeParse(value).success;
  return schema.refine(
    (tool) =>
      tool.orderMultiple === undefined || tool.MinimumOrderQuantity % tool.orderMultiple === 0,
    {
      path: ['MinimumOrderQuantity'],
      error: (issue) =>
        minimumMultipleMessage((issue.input as MultipleFieldsShape).orderMultiple ?? 1),
      when: (payload) => {
        const value = payload.value as Partial<MultipleFieldsShape> | undefined;
        return valid(value?.MinimumOrderQuantity) && valid(value?.orderMultiple);
      },
    },
  );
}

export const toolFields = {
  // Printed on every invoice and order email.
  name: plainText(
    z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, { error: 'Name is required', abort: true })
      .max(TOOL_NAME_MAX, `Name must be ${TOOL_NAME_MAX} characters or shorter`),
    'Name',
  ),
  img: z
    .string({ error: 'Image is required' })
    .trim()
    .min(1, { error: 'Image is required', abort: true })
    .max(2048, 'Image address must be 2048 characters or shorter')
    .refine((value) => SHIPPED_IMAGE.test(value) || isWebAddress(value), IMG_MESSAGE),
  price: z
    .number({ error: numberError('Price') })
    .positive('Price must be more than 0')
    .max(TOOL_PRICE_MAX, `Price must be ${formatCount(TOOL_PRICE_MAX)} or less`)
    .refine(hasAtMostTwoDecimals, 'Price can have at most 2 decimals (cents)'),
  description: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'Description is required' : 'Description must be text',
    })
    .trim()
    .max(TOOL_DESCRIPTION_MAX, `Description must be ${TOOL_DESCRIPTION_MAX} characters or shorter`),
  availableQuantity: wholeNumber('Availability', 0),
  MinimumOrderQuantity: wholeNumber('Minimum order quantity', 1),
};

export const MINIMUM_ABOVE_STOCK_MESSAGE =
  'Minimum order quantity cannot be more than the availability (unless it is 0, sold out)';

type ToolFieldsShape = {
  availableQuantity: number;
  MinimumOrderQuantity: number;
};

/**
 * Minimum <= availability, reported on the minimum's field; except a sold-out tool (availability
 * 0), which keeps its minimum so it can still be edited (renamed, repriced) before a restock.
 */
export function minimumWithinStock<S extends z.ZodType<ToolFieldsShape>>(schema: S): S {
  const fits = (tool: ToolFieldsShape) =>
    tool.availableQuantity === 0 || tool.MinimumOrderQuantity <= tool.availableQuantity;
  return schema.refine(fits, {
    message: MINIMUM_ABOVE_STOCK_MESSAGE,
    path: ['MinimumOrderQuantity'],
    // Only compare when both numbers are valid, so each field shows its own message first.
    when: (payload) => {
      const value = payload.value as Partial<ToolFieldsShape> | undefined;
      return (
        toolFields.availableQuantity.safeParse(value?.availableQuantity).success &&
        toolFields.MinimumOrderQuantity.safeParse(value?.MinimumOrderQuantity).success
      );
    },
  });
}

/** One volume price row: from `minQuantity` units on, `price` dollars each. */
export const priceTierSchema = z.object({
  minQuantity: wholeNumber('Quantity', 2),
  price: toolFields.price,
});

export const priceTiersSchema = z
  .array(priceTierSchema, { error: 'Volume prices must be a list' })
  .max(MAX_PRICE_TIERS, `At most ${MAX_PRICE_TIERS} volume prices`);

type TierFieldsShape = {
  price: number;
  MinimumOrderQuantity: number;
  priceTiers?: PriceTierDollars[] | undefined;
};

/**
 * Tiers above the minimum, quantities rising, prices falling and below the base price; each
 * problem is reported on its row's field (`priceTiers.2.price`). Only judged once the base price,
 * the minimum and every row are valid on their own, so each field shows its own message first.
 */
export function tiersFitTool<S extends z.ZodType<TierFieldsShape>>(schema: S): S {
  return schema.superRefine((tool, ctx) => {
    const checks = [
      toolFields.price.safeParse(tool.price),
      toolFields.MinimumOrderQuantity.safeParse(tool.MinimumOrderQuantity),
      priceTiersSchema.safeParse(tool.priceTiers ?? []),
    ];
    if (checks.some((check) => !check.success)) return;
    const problems = tierProblems(
      tiersToCents(tool.priceTiers ?? []),
      Math.round(tool.price * 100),
      tool.MinimumOrderQuantity,
    );
    for (const problem of problems) {
      ctx.addIssue({
        code: 'custom',
        message: problem.message,
        path: ['priceTiers', ...problem.path],
      });
    }
  });
}

export const CreateToolSchema = minimumOnMultiple(
  tiersFitTool(
    minimumWithinStock(
      z.object({ ...toolFields, ...catalogueFields, priceTiers: priceTiersSchema.default([]) }),
    ),
  ),
);
export type CreateToolInput = z.infer<typeof CreateToolSchema>;

/**
 * Same rules as adding: the edit form writes every field. It also sends the availability it was
 * loaded with, and the save is refused (409) if orders moved the stock meanwhile, instead of
 * silently putting back units that were sold. Without it the edit applies unconditionally.
 */
export const UpdateToolSchema = minimumOnMultiple(
  tiersFitTool(
    minimumWithinStock(
      z.object({
        ...toolFields,
        ...catalogueFields,
        previousAvailableQuantity: toolFields.availableQuantity.optional(),
        /** Left out (older clients): the tool keeps its volume prices. */
        priceTiers: priceTiersSchema.optional(),
      }),
    ),
  ),
);
export type UpdateToolInput = z.infer<typeof UpdateToolSchema>;

export const stockChangedMessage = (availableQuantity: number) =>
  `Orders changed the availability to ${availableQuantity} while you were editing. Check it and save again.`;

/** DELETE /delete/{id} */
export const DeleteToolResponseSchema = z.object({ deletedCount: z.number().int() });
export type DeleteToolResponse = z.infer<typeof DeleteToolResponseSchema>;

/** The Add a Tool / edit form: the same rules, over the strings its inputs hold. */
export const ToolFormSchema = minimumOnMultiple(
  tiersFitTool(
    minimumWithinStock(
      z.object({
        ...toolFields,
        ...catalogueFields,
        price: numberInput(toolFields.price),
        availableQuantity: numberInput(toolFields.availableQuantity),
        MinimumOrderQuantity: numberInput(toolFields.MinimumOrderQuantity),
        // Blank: the default, a piece at a time.
        unit: z.enum(UNIT_CODES).default('C62'),
        packSize: numberInput(wholeNumber('Pack size', 1), 1).optional(),
        orderMultiple: numberInput(wholeNumber('Order multiple', 1), 1).optional(),
        priceBasis: numberInput(wholeNumber('Price basis', 1), 1).optional(),
        taxClass: taxClassSchema.default(DEFAULT_TAX_CLASS),
        priceTiers: z
          .array(
            z.object({
              minQuantity: numberInput(priceTierSchema.shape.minQuantity),
              price: numberInput(toolFields.price),
            }),
          )
          .max(MAX_PRICE_TIERS, `At most ${MAX_PRICE_TIERS} volume prices`),
        // Blank: not made to order.
        leadTimeDays: z
          .string()
          .default('')
          .transform((text) => (text.trim() === '' ? null : Number(text.trim())))
          .pipe(leadTimeDaysSchema.nullable()),
        allowBackorders: z.boolean().default(false),
        incomingStock: z
          .array(
            z.object({
              quantity: numberInput(incomingBatchInputSchema.shape.quantity),
              expectedDate: incomingBatchInputSchema.shape.expectedDate,
            }),
          )
          .default([])
          .pipe(availabilityFields.incomingStock.unwrap()),
      }),
    ),
  ),
);
export type ToolFormValues = z.input<typeof ToolFormSchema>;
