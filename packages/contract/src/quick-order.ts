import { z } from 'zod';
import { formatCount } from './format.js';
import { UNIT_CODES } from './units.js';

/**
 * Quick order: lines of `SKU, quantity` typed, pasted from a spreadsheet or uploaded as CSV, each
 * checked against the catalogue at once. The page adds at most MAX_CART_LINES (500) at a
 * time; a check takes a whole 2,000-line paste so that every line gets its reason.
 */
export const MAX_QUICK_ORDER_CHECK_LINES = 2000;

export const QuickOrderCheckSchema = z.object({
  lines: z
    .array(
      z.object({
        // Any text a buyer typed: a SKU of the wrong shape is answered `unknown` on its line.
        sku: z
          .string({ error: 'SKU must be text' })
          .max(100, 'SKU must be 100 characters or shorter'),
        // Any number: one that is not a whole number of 1 or more is answered on its line.
        quantity: z.number({ error: 'Quantity must be a number' }),
      }),
      { error: 'Lines must be a list' },
    )
    .min(1, 'Give at least one line')
    .max(
      MAX_QUICK_ORDER_CHECK_LINES,
      `Check at most ${formatCount(MAX_QUICK_ORDER_CHECK_LINES)} lines at once`,
    ),
});
export type QuickOrderCheckInput = z.infer<typeof QuickOrderCheckSchema>;

export const QUICK_ORDER_STATUSES = [
  'ok',
  'adjusted',
  'unknown',
  'bad-quantity',
  'below-minimum',
  'above-stock',
  'sold-out',
  'duplicate',
] as const;
export type QuickOrderStatus = (typeof QUICK_ORDER_STATUSES)[number];

/** The tool of a checked line: what the cart needs to hold it (a visitor's cart too). */
export const QuickOrderToolSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  price: z.number(),
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
  MinimumOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /** Issue 50, as on a tool (absent: 'C62' and 1); `quantityStep`: the buyer's step. */
  unit: z.enum(UNIT_CODES).optional(),
  packSize: z.number().int().optional(),
  orderMultiple: z.number().int().optional(),
  priceBasis: z.number().int().optional(),
  quantityStep: z.number().int().optional(),
});
export type QuickOrderTool = z.infer<typeof QuickOrderToolSchema>;

/**
 * One line's answer, in the order asked. `ok`: it can go to the cart as it is, priced at its
 * quantity's volume price. `adjusted`: it can go to the cart at `quantity`, rounded up from
 * `requested` to whole packs and order multiples (and to the minimum), said in `message`; it
 * counts with the `ok` lines. Otherwise `message` says why in words; `toolId` names the tool (in the
 * report's `tools`) whenever the SKU is known, so the page can name it.
 */
export const QuickOrderLineSchema = z.object({
  sku: z.string(),
  /** What goes to the cart: on an `adjusted` line the rounded quantity, else as asked. */
  quantity: z.number(),
  /** Only on an `adjusted` line: the quantity asked for. */
  requested: z.number().optional(),
  status: z.enum(QUICK_ORDER_STATUSES),
  message: z.string(),
  toolId: z.string().optional(),
  /** Dollars, at this quantity's volume price; on `ok` lines and other lines of a known tool. */
  unitPrice: z.number().optional(),
  lineTotal: z.number().optional(),
});
export type QuickOrderLine = z.infer<typeof QuickOrderLineSchema>;

export const QuickOrderReportSchema = z.object({
  lines: z.array(QuickOrderLineSchema),
  /** Each tool the lines name, once: a 2,000-line paste of one tool carried it 2,000 times. */
  tools: z.array(QuickOrderToolSchema),
  /** How many lines are `ok` or `adjusted`, and what they come to (dollars). */
  okLines: z.number().int(),
  total: z.number(),
});
export type QuickOrderReport = z.infer<typeof QuickOrderReportSchema>;
