import { z } from 'zod';
import { TOOL_SORTS } from './tool-sorts.js';
import { IncomingBatchSchema } from './availability.js';
import { blankAsUndefined, idSchema, pagingQueryFields, searchQuerySchema } from './fields.js';
import { ToolImageSchema } from './tool-images.js';
import { UNIT_CODES } from './units.js';
import { TAX_CLASSES } from './tax.js';

const priceTiersSchema = z.array(z.object({ minQuantity: z.number().int(), price: z.number() }));

/**
 * A company member's own price for a tool (issue 50), as the cart and the order will price it:
 * `price` at the least quantity they may order, `priceTiers` where it changes above that, and
 * the tool's own price at that quantity (`listPrice`, struck through beside it). In dollars.
 */
export const ContractPriceSchema = z.object({
  price: z.number(),
  priceTiers: priceTiersSchema,
  priceListName: z.string(),
  listPrice: z.number(),
  minimumOrderQuantity: z.number().int(),
  orderMultiple: z.number().int(),
});
export type ContractPrice = z.infer<typeof ContractPriceSchema>;

/** A tool as the API shows it: the spec's wire names, price in dollars. */
export const ToolSchema = z.object({
  _id: z.string(),
  /** The part number, as the admin typed it; unique without regard to case. */
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  price: z.number(),
  description: z.string(),
  availableQuantity: z.number().int(),
  MinimumOrderQuantity: z.number().int(),
  /** A category slug (GET /categories). */
  category: z.string(),
  specs: z.array(z.object({ name: z.string(), value: z.string() })),
  datasheetUrl: z.string().optional(),
  /** Over the tool's visible reviews; average 0 when there are none. */
  rating: z.object({ average: z.number(), count: z.number().int() }),
  /** Volume prices in dollars, quantities rising; `[]` when the tool has none. */
  priceTiers: priceTiersSchema,
  /** Uploaded photos, the main one first; when there are none, pages show `img`. */
  images: z.array(ToolImageSchema),
  /** Days to make more; null when the tool is not made to order. */
  leadTimeDays: z.number().int().nullable(),
  /** Buyers may order beyond stock: against the incoming batches, then the lead time. */
  allowBackorders: z.boolean(),
  /** Batches expected, by date; `promised` units of each are held for orders already. */
  incomingStock: z.array(IncomingBatchSchema),
  /**
   * Issue 50: the UN/ECE Rec 20 unit it is sold in (`C62` piece), pieces per sales pack, the
   * multiple it is ordered in, and the pieces `price` (and each tier's) is for. Quantities,
   * stock and the minimum are in pieces; a quantity is a whole number of both packs and
   * multiples.
   */
  unit: z.enum(UNIT_CODES),
  packSize: z.number().int(),
  orderMultiple: z.number().int(),
  priceBasis: z.number().int(),
  /** Issue 51: which of a country's VAT rates (or none) a sale of it takes. */
  taxClass: z.enum(TAX_CLASSES),
  /**
   * Only for a signed-in member of a company with price lists: their price for this tool, or
   * null when none of their lists prices it. Absent for everyone else; `price` and `priceTiers`
   * stay the list price either way.
   */
  contractPrice: ContractPriceSchema.nullable().optional(),
});
export type Tool = z.infer<typeof ToolSchema>;

export const ToolListSchema = z.array(ToolSchema);

export const TOOLS_PAGE_SIZE = 24;
export const TOOLS_MAX_PAGE_SIZE = 100;

export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const categorySlugSchema = z
  .string()
  .max(40, 'category must be 40 characters or shorter')
  .regex(CATEGORY_SLUG_PATTERN, 'category must be a slug like power-tools');

const priceQuery = (label: string) =>
  z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: `${label} must be a number` })
      .min(0, `${label} must be 0 or more`)
      .max(1_000_000, `${label} must be 1,000,000 or less`)
      .optional(),
  );

/** The filters shared by GET /tools and the counts of GET /categories. */
const filterFields = {
  search: searchQuerySchema,
  inStock: z.preprocess(
    blankAsUndefined,
    z.enum(['true', 'false'], { error: 'inStock must be true or false' }).optional(),
  ),
  minPrice: priceQuery('minPrice'),
  maxPrice: priceQuery('maxPrice'),
  /**
   * `true`: the search as typed, without typo correction ("Search instead for drils"). Left out,
   * a search that finds nothing is corrected (see CORRECTED_QUERY_HEADER in search-headers.ts).
   */
  exact: z.preprocess(
    blankAsUndefined,
    z.enum(['true', 'false'], { error: 'exact must be true or false' }).optional(),
  ),
};

const priceRangeInOrder = (query: { minPrice?: number; maxPrice?: number }) =>
  query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice;
const PRICE_RANGE_MESSAGE = 'minPrice must not be more than maxPrice';

export const ListToolsQuerySchema = z
  .object({
    ...filterFields,
    category: z.preprocess(blankAsUndefined, categorySlugSchema.optional()),
    sort: z.preprocess(
      blankAsUndefined,
      z
        .enum(TOOL_SORTS, { error: `sort must be one of ${TOOL_SORTS.join(', ')}` })
        .default('newest'),
    ),
    ...pagingQueryFields(TOOLS_PAGE_SIZE, TOOLS_MAX_PAGE_SIZE),
  })
  .refine(priceRangeInOrder, { message: PRICE_RANGE_MESSAGE, path: ['minPrice'] });
export type ListToolsQuery = z.infer<typeof ListToolsQuerySchema>;

/** GET /tools/suggest: the typeahead under a search box; a blank `q` suggests nothing. */
export const SuggestToolsQuerySchema = z.object({ q: searchQuerySchema });
export type SuggestToolsQuery = z.infer<typeof SuggestToolsQuerySchema>;

export const TOOL_SUGGESTIONS = 6;
export const CATEGORY_SUGGESTIONS = 3;

export const ToolSuggestionsSchema = z.object({
  /**
   * By name, at most TOOL_SUGGESTIONS; typo-tolerant like GET /tools?search=. A tool whose SKU
   * is exactly `q` (any case) comes first.
   */
  tools: z.array(z.object({ _id: z.string(), name: z.string(), sku: z.string() })),
  /** Categories with tools whose name matches, at most CATEGORY_SUGGESTIONS. */
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type ToolSuggestions = z.infer<typeof ToolSuggestionsSchema>;

export const ToolIdParamsSchema = z.object({ id: idSchema });

/** GET /categories: counts follow the search and the in-stock and price filters, if given. */
export const ListCategoriesQuerySchema = z
  .object(filterFields)
  .refine(priceRangeInOrder, { message: PRICE_RANGE_MESSAGE, path: ['minPrice'] });
export type ListCategoriesQuery = z.infer<typeof ListCategoriesQuerySchema>;

export const CategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  count: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;
export const CategoryListSchema = z.array(CategorySchema);

/** "Power Tools" -> "power-tools"; what POST /categories uses when no slug is given. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** POST /categories (admins). */
export const CreateCategorySchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, { error: 'Name is required', abort: true })
      .max(60, 'Name must be 60 characters or shorter'),
    slug: z.preprocess(blankAsUndefined, categorySlugSchema.optional()),
  })
  .transform((input, ctx) => {
    const slug = input.slug ?? slugify(input.name);
    if (!slug) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: 'Give a slug like power-tools' });
      return z.NEVER;
    }
    return { name: input.name, slug };
  });
export type CreateCategoryInput = z.infer<typeof CreateCategorySchema>;
