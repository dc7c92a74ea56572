import { z } from 'zod';
import { blankAsUndefined, idSchema, pagingQueryFields } from './fields.js';

/** A tool as the API shows it: the spec's wire names, price in dollars. */
export const ToolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  price: z.number(),
  description: z.string(),
  availableQuantity: z.number().int(),
  MinimumOrderQuantity: z.number().int(),
  /** Volume prices in dollars, quantities rising; `[]` when the tool has none. */
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
});
export type Tool = z.infer<typeof ToolSchema>;

export const ToolListSchema = z.array(ToolSchema);

export const TOOLS_PAGE_SIZE = 24;
export const TOOLS_MAX_PAGE_SIZE = 100;

// An empty search box means "no filter", not an error: the client may send `search=`.
const searchSchema = z.preprocess(
  blankAsUndefined,
  z.string().trim().max(100, 'Search must be 100 characters or shorter').optional(),
);

export const ListToolsQuerySchema = z.object({
  search: searchSchema,
  ...pagingQueryFields(TOOLS_PAGE_SIZE, TOOLS_MAX_PAGE_SIZE),
});
export type ListToolsQuery = z.infer<typeof ListToolsQuerySchema>;

export const ToolIdParamsSchema = z.object({ id: idSchema });
