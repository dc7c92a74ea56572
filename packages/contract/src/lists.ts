import { z } from 'zod';
import { idSchema } from './fields.js';
import { orderQuantitySchema } from './orders.js';

/** How many saved lists one buyer may keep, and how many lines one list may hold. */
export const MAX_LISTS_PER_USER = 50;
export const MAX_LIST_LINES = 500;
export const MAX_LIST_NAME = 80;
export const MAX_LIST_QUANTITY = 1_000_000;

// Control characters would make a name that looks like another, or break a CSV later.
const CONTROL = /\p{Cc}/u;

export const listNameSchema = z
  .string({ error: 'Enter a name for the list' })
  .trim()
  .min(1, 'Enter a name for the list')
  .max(MAX_LIST_NAME, `List name must be ${MAX_LIST_NAME} characters or shorter`)
  .refine((name) => !CONTROL.test(name), 'List name cannot contain control characters');

export const listQuantitySchema = orderQuantitySchema
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LIST_QUANTITY, 'Quantity must be 1,000,000 or less');

/** POST /lists. Names are unique per buyer, whatever their case (a 409 otherwise). */
export const CreateListSchema = z.object({ name: listNameSchema });
export type CreateListInput = z.input<typeof CreateListSchema>;

/** PATCH /lists/{id}: a new name. */
export const RenameListSchema = z.object({ name: listNameSchema });
export type RenameListInput = z.input<typeof RenameListSchema>;

export const ListIdParamsSchema = z.object({ id: idSchema });
export const ListLineParamsSchema = z.object({ id: idSchema, toolId: idSchema });

/** POST /lists/{id}/lines: adds the tool, or adds the quantity to its line. */
export const AddListLineSchema = z.object({ toolId: idSchema, quantity: listQuantitySchema });
export type AddListLineInput = z.input<typeof AddListLineSchema>;

/** PATCH /lists/{id}/lines/{toolId}: the line's new quantity. */
export const SetListLineSchema = z.object({ quantity: listQuantitySchema });
export type SetListLineInput = z.input<typeof SetListLineSchema>;

/** PUT /lists/{id}/sharing (the owner): share the list with one's company's members, or stop. */
export const ShareListSchema = z.object({
  shared: z.boolean({ error: 'Choose whether to share the list' }),
});
export type ShareListInput = z.input<typeof ShareListSchema>;

/**
 * One of the buyer's lists, or one a colleague shares with the buyer's company, as GET /lists
 * shows it. Only the owner (`owned`) renames, deletes or edits it; colleagues read it and add it
 * to their cart.
 */
export const SavedListSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  owned: z.boolean(),
  /** Shared with the owner's company. */
  shared: z.boolean(),
  ownerEmail: z.string(),
  lineCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedListSummary = z.infer<typeof SavedListSummarySchema>;

/**
 * A list line against the tool as it is now: `available` (in stock), `sold_out`, or
 * `unavailable` (the tool is no longer sold: it keeps the name it had when it was added, and no
 * price). Prices are today's, for the line's quantity, in dollars.
 */
export const SavedListLineSchema = z.object({
  toolId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  status: z.enum(['available', 'sold_out', 'unavailable']),
  unitPrice: z.number().nullable(),
  lineTotal: z.number().nullable(),
  availableQuantity: z.number().int(),
  MinimumOrderQuantity: z.number().int().nullable(),
});
export type SavedListLine = z.infer<typeof SavedListLineSchema>;

/** GET /lists/{id}, and the answer of every change to a list. */
export const SavedListSchema = SavedListSummarySchema.extend({
  lines: z.array(SavedListLineSchema),
  /** Today's price of the lines that can be bought. */
  total: z.number(),
});
export type SavedList = z.infer<typeof SavedListSchema>;
