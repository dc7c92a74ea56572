import { TOOL_SORTS, type ToolSortKey } from '@toolworks/contract/tool-sorts';
import type { ToolsParams } from '../api/get-tools';

/** What the catalogue page shows, read from its URL (nonsense values are dropped, not errors). */
export interface CatalogueState {
  search?: string;
  category?: string;
  inStock: boolean;
  minPrice?: number;
  maxPrice?: number;
  sort: ToolSortKey;
  page: number;
  /** The search as typed, without the server's typo correction ("Search instead for ..."). */
  exact: boolean;
}

export const SORT_LABELS: Record<ToolSortKey, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name',
};

const price = (value: string | null) => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? n : undefined;
};

/** A price range typed the wrong way round: read swapped, and the URL is to be corrected. */
export function priceReversed(params: URLSearchParams): boolean {
  const min = price(params.get('minPrice'));
  const max = price(params.get('maxPrice'));
  return min !== undefined && max !== undefined && min > max;
}

export function readCatalogue(params: URLSearchParams): CatalogueState {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const category = params.get('category');
  const search = params.get('search')?.trim();
  let minPrice = price(params.get('minPrice'));
  let maxPrice = price(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    ...(search ? { search: search.slice(0, 100) } : {}),
    ...(category && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(category) ? { category } : {}),
    inStock: params.get('inStock') === 'true',
    ...(minPrice !== undefined ? { minPrice } : {}),
    ...(maxPrice !== undefined ? { maxPrice } : {}),
    sort: TOOL_SORTS.includes(sort as ToolSortKey) ? (sort as ToolSortKey) : 'newest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    exact: Boolean(search) && params.get('exact') === 'true',
  };
}

/** The URL for a state: defaults are left out so links stay short and equal states equal. */
export function writeCatalogue(state: CatalogueState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.category) params.set('category', state.category);
  if (state.inStock) params.set('inStock', 'true');
  if (state.minPrice !== undefined) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== undefined) params.set('maxPrice', String(state.maxPrice));
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.exact && state.search) params.set('exact', 'true');
  return params;
}

export function toToolsParams(state: CatalogueState, limit: number): ToolsParams {
  const { page, ...rest } = state;
  return { ...rest, page, limit };
}

export const hasFilters = (state: CatalogueState) =>
  Boolean(
    state.search ||
    state.category ||
    state.inStock ||
    state.minPrice !== undefined ||
    state.maxPrice !== undefined,
  );
