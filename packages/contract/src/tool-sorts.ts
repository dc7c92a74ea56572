/**
 * The catalogue's sort orders for `GET /tools?sort=`. No zod here: the catalogue page needs only
 * this list, so the schema library stays out of its first load.
 */
export const TOOL_SORTS = ['newest', 'price_asc', 'price_desc', 'name'] as const;
export type ToolSortKey = (typeof TOOL_SORTS)[number];
