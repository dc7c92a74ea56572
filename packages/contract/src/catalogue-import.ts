import { z } from 'zod';

/**
 * Catalogue export and import (admins). The CSV's columns, in this order on export; an import
 * may order them freely but must have each. Cells of two columns hold lists:
 * - Volume prices: `minimum quantity:price` pairs separated by semicolons (`50:2.50; 200:2.15`).
 * - Specifications: `name: value` pairs separated by ` | ` (`Drive: 1/2 in | Weight: 1.2 kg`).
 * Rows are keyed by SKU (compared without case): a known SKU updates that tool, a new one
 * creates a tool.
 */
export const CATALOGUE_COLUMNS = [
  'SKU',
  'Name',
  'Category',
  'Price',
  'Volume prices',
  'Specifications',
  'Stock',
  'Minimum order quantity',
  'Image',
  'Datasheet',
  'Description',
  'Lead time (days)',
  'Backorders',
  'Incoming stock',
  'Unit',
  'Pack size',
  'Order multiple',
  'Price basis',
  'Tax class',
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

/**
 * Pack columns (issue 50): exported always, optional on import (a file without them leaves each
 * tool's as it is). `Unit` is a UN/ECE Rec 20 code (`C62` piece, `MTR` metre, ...); the others
 * are whole numbers of 1 or more. A blank cell is the default: `C62`, 1.
 */
const PACK_COLUMNS = ['Unit', 'Pack size', 'Order multiple', 'Price basis'] as const;

/**
 * Availability columns (issue 25): exported always, optional on import (a file made before them
 * leaves each tool's as it is). `Backorders` is yes or no; `Incoming stock` lists batches as
 * `800 on 2027-03-12; 500 on 2027-04-01`; a blank lead time means not made to order.
 */
export const OPTIONAL_CATALOGUE_COLUMNS: readonly CatalogueColumn[] = [
  'Lead time (days)',
  'Backorders',
  'Incoming stock',
  ...PACK_COLUMNS,
  // Issue 51: `standard`, `reduced` or `zero`; exported always, optional on import (a file
  // without it leaves each tool's as it is); a blank cell is `standard`.
  'Tax class',
];

export const IMPORT_MAX_ROWS = 20_000;
/**
 * A cell's length: the longest field (a description) is 2,000 characters and 30 specifications
 * fit in 10,000. A longer cell is refused with the file, where it is read (most often a quote
 * left open swallows the rest of the file).
 */
export const IMPORT_MAX_CELL_CHARS = 10_000;
/** What a new tool shows until it has a photo, when its row's Image is blank. */
export const IMPORT_DEFAULT_IMAGE = '/images/tools/no-photo.svg';
/** The CSV text's length: 10,000 rows of 500 characters fit with room. */
export const IMPORT_MAX_CHARS = 12_000_000;

/** POST /admin/catalogue/import?dryRun=true|false: a dry run unless told otherwise. */
export const ImportCatalogueQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
});

export const ImportCatalogueSchema = z.object({
  csv: z
    .string({ error: 'The CSV file is required' })
    .min(1, 'The CSV file is empty')
    .max(IMPORT_MAX_CHARS, `The CSV file must be ${IMPORT_MAX_CHARS / 1_000_000} MB or smaller`),
});
export type ImportCatalogueInput = z.infer<typeof ImportCatalogueSchema>;

export const ImportRowSchema = z.object({
  /** The row's line in the file, the header being row 1. */
  row: z.number().int(),
  sku: z.string(),
  action: z.enum(['create', 'change', 'refuse']),
  /** On a create or a change: the tool's name (as the row has it). */
  name: z.string().optional(),
  /** On a change: the columns whose value differs from the tool's. */
  fields: z.array(z.string()).optional(),
  /**
   * On a change: each of those columns' value now and in the file, as the CSV writes it (a long
   * text is cut short with "…").
   */
  changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })).optional(),
  /** On a refusal: why, in words for people. */
  problems: z.array(z.string()).optional(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

/** The answer of a dry run and of an apply; rows that change nothing are only counted. */
export const ImportReportSchema = z.object({
  dryRun: z.boolean(),
  applied: z.boolean(),
  counts: z.object({
    rows: z.number().int(),
    create: z.number().int(),
    change: z.number().int(),
    unchanged: z.number().int(),
    refuse: z.number().int(),
  }),
  rows: z.array(ImportRowSchema),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;
