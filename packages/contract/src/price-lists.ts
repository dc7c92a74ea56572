import { z } from 'zod';
import { blankAsUndefined, idSchema } from './fields.js';
import { formatCount } from './format.js';
import { dateSchema } from './quotes.js';
import { skuSchema } from './sku.js';
import { categorySlugSchema } from './tools.js';

/**
 * Contract prices (issue 50): price lists an admin assigns to companies. Money on the wire is in
 * the list's currency's major unit (dollars), as everywhere in the API; stored as cents. One
 * resolver on the server (`server/src/domain/pricing.ts`) decides every line's price from them.
 */

export const PRICE_POLICIES = ['lowest', 'priority'] as const;
export const PricePolicySchema = z.enum(PRICE_POLICIES, {
  error: 'Price policy must be lowest or priority',
});
export type PricePolicy = z.infer<typeof PricePolicySchema>;

/** Lines a list (all its versions together) may hold; also the cap on an imported file's rows. */
export const PRICE_LIST_MAX_LINES = 20_000;
export const PRICE_LIST_MAX_VERSIONS = 12;
export const PRICE_LIST_MAX_BREAKS = 10;
/** Lists one company may have assigned. */
export const COMPANY_MAX_PRICE_LISTS = 20;
/** How deep `parentId` chains may go (a list derived from a list derived from ...). */
export const PRICE_LIST_MAX_DEPTH = 5;
const PRICE_MAX = 1_000_000;

export const LINE_TYPES = ['fixed', 'category', 'all'] as const;
export type PriceListLineType = (typeof LINE_TYPES)[number];

const cents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const priceSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    .max(PRICE_MAX, `${label} must be ${formatCount(PRICE_MAX)} or less`)
    .refine(cents, { message: `${label} can have at most 2 decimals (cents)` });

const percentOffSchema = z
  .number({ error: 'Percent off must be a number' })
  .gt(0, 'Percent off must be more than 0')
  .lt(100, 'Percent off must be less than 100')
  .refine(cents, { message: 'Percent off can have at most 2 decimals' });

const wholeAtLeast = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be ${min} or more`)
    .max(1_000_000, `${label} must be ${formatCount(1_000_000)} or less`);

const BreakSchema = z.object({
  minQuantity: wholeAtLeast('Break quantity', 2),
  price: priceSchema('Break price'),
});

const FixedLineSchema = z.object({
  type: z.literal('fixed'),
  sku: skuSchema,
  /** The net price per the tool's price basis, below the first break. */
  price: priceSchema('Price'),
  /** Quantity breaks of this price: from `minQuantity` on, `price`; quantities rising, prices falling. */
  breaks: z.array(BreakSchema).max(PRICE_LIST_MAX_BREAKS).default([]),
  /** Overrides the tool's minimum order quantity for buyers of this list. */
  minimumOrderQuantity: wholeAtLeast('Minimum order quantity', 1).nullable().optional(),
  /** Overrides the tool's order multiple for buyers of this list. */
  orderMultiple: wholeAtLeast('Order multiple', 1).nullable().optional(),
});

const CategoryLineSchema = z.object({
  type: z.literal('category'),
  category: categorySlugSchema,
  percentOff: percentOffSchema,
});

const AllLineSchema = z.object({
  type: z.literal('all'),
  percentOff: percentOffSchema,
});

/** A line's `type` may be left out: a SKU makes it fixed, a category a category line, else all. */
const inferType = (line: unknown) => {
  if (!line || typeof line !== 'object' || 'type' in line) return line;
  const type = 'sku' in line ? 'fixed' : 'category' in line ? 'category' : 'all';
  return { ...line, type };
};

export const PriceListLineSchema = z.preprocess(
  inferType,
  z
    .discriminatedUnion('type', [FixedLineSchema, CategoryLineSchema, AllLineSchema], {
      error: 'Line type must be fixed, category or all',
    })
    .superRefine((line, ctx) => {
      if (line.type !== 'fixed') return;
      line.breaks.forEach((tier, index) => {
        const previous = line.breaks[index - 1] ?? { minQuantity: 1, price: line.price };
        if (tier.minQuantity <= previous.minQuantity)
          ctx.addIssue({
            code: 'custom',
            path: ['breaks', index, 'minQuantity'],
            message: 'Break quantities must rise',
          });
        if (tier.price >= previous.price)
          ctx.addIssue({
            code: 'custom',
            path: ['breaks', index, 'price'],
            message: 'Break prices must fall',
          });
      });
      if (
        line.minimumOrderQuantity != null &&
        line.orderMultiple != null &&
        line.minimumOrderQuantity % line.orderMultiple !== 0
      )
        ctx.addIssue({
          code: 'custom',
          path: ['minimumOrderQuantity'],
          message: 'Minimum order quantity must be a multiple of the order multiple',
        });
    }),
);
export type PriceListLineInput = z.input<typeof PriceListLineSchema>;
export type PriceListLine = z.output<typeof PriceListLineSchema>;

const linesSchema = z
  .array(PriceListLineSchema)
  .max(PRICE_LIST_MAX_LINES, `At most ${formatCount(PRICE_LIST_MAX_LINES)} lines`)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      const key =
        line.type === 'fixed'
          ? `sku:${line.sku.toUpperCase()}`
          : line.type === 'category'
            ? `category:${line.category}`
            : 'all';
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message:
            line.type === 'fixed'
              ? `SKU ${line.sku} has two lines`
              : line.type === 'category'
                ? `Category ${line.category} has two lines`
                : 'Only one line may take a percentage off everything',
        });
      seen.add(key);
    });
  });

/** A future-dated version: from `startsOn` on, its lines replace the list's. */
const VersionSchema = z.object({
  startsOn: dateSchema('Version start'),
  lines: linesSchema,
});

const optionalDate = (label: string) =>
  z.preprocess(blankAsUndefined, dateSchema(label).nullable().optional());

export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

/** POST /price-lists and PUT /price-lists/{id}: the whole list. */
export const SavePriceListSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, { error: 'Name is required', abort: true })
      .max(80, 'Name must be 80 characters or shorter')
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, 'Name must not contain control characters'),
    /** ISO 4217; the shop's currency when left out. A list in another currency never applies. */
    currency: z
      .string({ error: 'Currency must be text' })
      .trim()
      .toUpperCase()
      .regex(CURRENCY_PATTERN, 'Currency must be a three-letter code like USD')
      .optional(),
    validFrom: optionalDate('Valid from'),
    validTo: optionalDate('Valid to'),
    parentId: z.preprocess(blankAsUndefined, idSchema.nullable().optional()),
    lines: linesSchema.default([]),
    versions: z
      .array(VersionSchema)
      .max(PRICE_LIST_MAX_VERSIONS, `At most ${PRICE_LIST_MAX_VERSIONS} versions`)
      .default([]),
  })
  .superRefine((list, ctx) => {
    if (list.validFrom && list.validTo && list.validTo < list.validFrom)
      ctx.addIssue({
        code: 'custom',
        path: ['validTo'],
        message: 'Valid to must not be before valid from',
      });
    const starts = new Set<string>();
    list.versions.forEach((version, index) => {
      if (starts.has(version.startsOn))
        ctx.addIssue({
          code: 'custom',
          path: ['versions', index, 'startsOn'],
          message: 'Two versions start on the same day',
        });
      starts.add(version.startsOn);
    });
    const total = list.lines.length + list.versions.reduce((sum, v) => sum + v.lines.length, 0);
    if (total > PRICE_LIST_MAX_LINES)
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        message: `At most ${formatCount(PRICE_LIST_MAX_LINES)} lines in all versions together`,
      });
  });
export type SavePriceListInput = z.input<typeof SavePriceListSchema>;
export type SavePriceList = z.output<typeof SavePriceListSchema>;

const WireLineSchema = z.discriminatedUnion('type', [
  FixedLineSchema.extend({
    breaks: z.array(z.object({ minQuantity: z.number(), price: z.number() })),
    minimumOrderQuantity: z.number().nullable(),
    orderMultiple: z.number().nullable(),
  }),
  CategoryLineSchema,
  AllLineSchema,
]);

/** A price list as the API shows it (GET /price-lists/{id}, and after a save). */
export const PriceListSchema = z.object({
  _id: z.string(),
  name: z.string(),
  currency: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  parentId: z.string().nullable(),
  lines: z.array(WireLineSchema),
  versions: z.array(z.object({ startsOn: z.string(), lines: z.array(WireLineSchema) })),
  /** The companies it is assigned to. */
  companyIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PriceList = z.infer<typeof PriceListSchema>;

/** GET /price-lists: each list without its lines. */
export const PriceListSummarySchema = PriceListSchema.omit({ lines: true, versions: true }).extend({
  lineCount: z.number().int(),
  versionStarts: z.array(z.string()),
});
export type PriceListSummary = z.infer<typeof PriceListSummarySchema>;
export const PriceListSummariesSchema = z.array(PriceListSummarySchema);

export const PriceListIdParamsSchema = z.object({ id: idSchema });

/** A company's assignment, part of PUT /companies/{id}: left out, it stays as it is. */
export const CompanyPricingSchema = z.object({
  priceListIds: z
    .array(idSchema)
    .max(COMPANY_MAX_PRICE_LISTS, `At most ${COMPANY_MAX_PRICE_LISTS} price lists`)
    .refine((ids) => new Set(ids).size === ids.length, 'A price list is assigned twice')
    .optional(),
  pricePolicy: PricePolicySchema.optional(),
});

/** POST /price-lists/{id}/import?dryRun= */
export const PriceListImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
});

/** GET /pricing/explain */
export const PricingExplainQuerySchema = z.object({
  sku: skuSchema,
  quantity: z.coerce
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be 1 or more')
    .max(1_000_000, `quantity must be ${formatCount(1_000_000)} or less`)
    .default(1),
  companyId: z.preprocess(blankAsUndefined, idSchema.optional()),
  date: z.preprocess(blankAsUndefined, dateSchema('date').optional()),
});
export type PricingExplainQuery = z.input<typeof PricingExplainQuerySchema>;

export const PriceStepSchema = z.object({
  /** `base` (the tool's own price and volume prices), or `list` (a price list's rule). */
  source: z.enum(['base', 'list']),
  listId: z.string().nullable(),
  listName: z.string().nullable(),
  /** Human words: "List price", "Volume price from 50", "Distributor -30%", "Contract fixed". */
  rule: z.string(),
  price: z.number(),
  /** Whether this step is the price charged. */
  applies: z.boolean(),
});
export type PriceStep = z.infer<typeof PriceStepSchema>;

export const PricingExplanationSchema = z.object({
  sku: z.string(),
  quantity: z.number().int(),
  date: z.string(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  currency: z.string(),
  /** What the price is for: per `priceBasis` units (1 unless the tool is priced per 100, ...). */
  priceBasis: z.number().int(),
  listPrice: z.number(),
  steps: z.array(PriceStepSchema),
  /** The step that applies (the base when no list does). */
  applied: PriceStepSchema,
  /** Lists assigned but not considered, with why (another currency, not in force on the date). */
  skipped: z.array(z.object({ listId: z.string(), listName: z.string(), reason: z.string() })),
  minimumOrderQuantity: z.number().int(),
  orderMultiple: z.number().int(),
});
export type PricingExplanation = z.infer<typeof PricingExplanationSchema>;

/** The columns of a list's lines as CSV, in this order (fixed lines only: percentages stay in the form). */
export const PRICE_LIST_CSV_COLUMNS = [
  'sku',
  'price',
  'breaks',
  'minimumOrderQuantity',
  'orderMultiple',
] as const;
/** The CSV text's length: 20,000 lines of about 100 characters fit with room. */
export const PRICE_LIST_IMPORT_MAX_CHARS = 4_000_000;

/** POST /price-lists/{id}/import: the CSV as JSON `{ csv }`, as the catalogue import takes it. */
export const ImportPriceListSchema = z.object({
  csv: z
    .string({ error: 'The CSV file is required' })
    .min(1, 'The CSV file is empty')
    .max(
      PRICE_LIST_IMPORT_MAX_CHARS,
      `The CSV file must be ${PRICE_LIST_IMPORT_MAX_CHARS / 1_000_000} MB or smaller`,
    ),
});

/** A refused row: its line in the file (the header is row 1), the column and why. */
export const PriceListImportErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  sku: z.string(),
  message: z.string(),
});
export type PriceListImportError = z.infer<typeof PriceListImportErrorSchema>;

/** The import's answer; any error and nothing is written. */
export const PriceListImportReportSchema = z.object({
  dryRun: z.boolean(),
  applied: z.boolean(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(PriceListImportErrorSchema),
});
export type PriceListImportReport = z.infer<typeof PriceListImportReportSchema>;
