import { centsToDollars } from '@toolworks/contract/fields';
import {
  CATEGORY_SUGGESTIONS,
  TOOL_SUGGESTIONS,
  type ListCategoriesQuery,
  type ListToolsQuery,
  type Tool,
  type ToolSuggestions,
} from '@toolworks/contract/tools';
import { tiersToDollars } from '@toolworks/contract/pricing';
import { SKU_MAX, SKU_PATTERN } from '@toolworks/contract/sku';
import { AppError } from '../../lib/app-error.js';
import { pageWindow } from '../../lib/paging.js';
import type { ToolImage } from '@toolworks/contract/tool-images';
import type {
  CategoryCount,
  Id,
  Store,
  ToolFilter,
  ToolImageRecord,
  ToolRecord,
} from '../../store/store.js';
import { matchesSearch } from '../../store/search-terms.js';
import {
  buildVocabulary,
  correctSearch,
  editDistance,
  words,
  type Vocabulary,
} from './typo-tolerance.js';
import { createPageEtags } from './page-etag.js';

/** The record as the API shows it: dollars, and the spec's `MinimumOrderQuantity` wire name. */
export function toToolWire(record: ToolRecord): Tool {
  return {
    _id: record._id,
    sku: record.sku,
    name: record.name,
    img: record.img,
    price: centsToDollars(record.priceCents),
    description: record.description,
    availableQuantity: record.availableQuantity,
    MinimumOrderQuantity: record.minimumOrderQuantity,
    category: record.category,
    specs: record.specs,
    ...(record.datasheetUrl ? { datasheetUrl: record.datasheetUrl } : {}),
    rating: {
      // One decimal, as the stars show it.
      average:
        record.ratingCount > 0 ? Math.round((record.ratingSum / record.ratingCount) * 10) / 10 : 0,
      count: record.ratingCount,
    },
    priceTiers: tiersToDollars(record.priceTiers),
    images: record.images.map(toImageWire),
    leadTimeDays: record.leadTimeDays,
    allowBackorders: record.allowBackorders,
    incomingStock: record.incomingStock,
  };
}

/** A photo as the API shows it: where each variant is, not where the storage keeps it. */
export function toImageWire(image: ToolImageRecord): ToolImage {
  return {
    _id: image._id,
    width: image.width,
    height: image.height,
    variants: image.variants.map(({ width, url }) => ({ width, url })),
  };
}

export interface ToolsPage {
  /** The page's tools as a JSON array, in the asked order. */
  json: string;
  total: number;
  /** The weak ETag of `json` (page-etag.ts). */
  etag: string;
}

/** The one serializer of listed tools: the store may reuse its output per stored row. */
const serializeTool = (record: ToolRecord) => JSON.stringify(toToolWire(record));

/** Dollars to cents: a bound between cents includes what it would with exact dollars. */
export function toFilter(query: ListCategoriesQuery): ToolFilter {
  return {
    search: query.search,
    inStock: query.inStock === 'true',
    ...(query.minPrice !== undefined
      ? { minPriceCents: Math.ceil(query.minPrice * 100 - 1e-6) }
      : {}),
    ...(query.maxPrice !== undefined
      ? { maxPriceCents: Math.floor(query.maxPrice * 100 + 1e-6) }
      : {}),
  };
}

/** Whether the record passes the filter's category, stock and price bounds (not its search). */
function passesBounds(record: ToolRecord, filter: ToolFilter): boolean {
  return (
    (filter.category === undefined || record.category === filter.category) &&
    (!filter.inStock || record.availableQuantity > 0) &&
    (filter.minPriceCents === undefined || record.priceCents >= filter.minPriceCents) &&
    (filter.maxPriceCents === undefined || record.priceCents <= filter.maxPriceCents)
  );
}

const looksLikeSku = (search: string | undefined): search is string =>
  search !== undefined && search.length <= SKU_MAX && SKU_PATTERN.test(search);

/** Totals remembered per filter; filters are visitors' own, so the map is bounded. */
const MAX_TOTALS = 500;

/** A category matches when its name holds the search, or each searched word is near one of its words. */
function categoryMatches(category: CategoryCount, search: string): boolean {
  const name = category.name.toLowerCase();
  if (name.includes(search.toLowerCase())) return true;
  const typed = words(search);
  const own = words(category.name);
  return (
    typed.length > 0 &&
    typed.every(
      (word) =>
        word.length >= 3 && own.some((w) => w.startsWith(word) || editDistance(word, w, 1) <= 1),
    )
  );
}

/** A value computed at most once per catalogue version, on first use. */
function perVersion<T>(store: Pick<Store, 'catalogueVersion'>, compute: () => Promise<T>) {
  let version = -1;
  let value: Promise<T> | undefined;
  return () => {
    const now = store.catalogueVersion();
    if (!value || version !== now) {
      version = now;
      value = compute();
      // A failed read is not remembered.
      value.catch(() => {
        if (version === now) value = undefined;
      });
    }
    return value;
  };
}

export function createToolsService(
  store: Pick<Store, 'tools' | 'categories' | 'catalogueVersion'>,
) {
  // Counting every match was most of a page's database time on a large catalogue, yet the
  // total only changes with a catalogue write, which moves catalogueVersion (also for writes by
  // other instances): so it is counted once per version and filter, even with the cache off.
  let totalsVersion = -1;
  const totals = new Map<string, number>();
  // Read only when a search finds nothing, or for suggestions: the names of 10,000 tools and
  // their vocabulary take milliseconds, once per catalogue version (docs/performance.md).
  const categories = perVersion(store, () => store.categories.listWithCounts({}));
  const vocabulary = perVersion(store, async (): Promise<Vocabulary> => {
    const [names, listed] = await Promise.all([store.tools.names(), categories()]);
    return buildVocabulary([...names, ...listed.filter((c) => c.count > 0).map((c) => c.name)]);
  });
  /** The search with its misspelt words replaced, when that changes anything. */
  const corrected = async (search: string | undefined) =>
    search ? correctSearch(search, await vocabulary()) : undefined;

  const pageEtag = createPageEtags();
  const toPage = (items: string[], total: number): ToolsPage => ({
    json: `[${items.join(',')}]`,
    total,
    etag: pageEtag(items),
  });

  const pageAt = async (
    query: ListToolsQuery,
    offset: number,
    limit: number,
  ): Promise<{ items: string[]; total: number }> => {
    const version = store.catalogueVersion();
    if (version !== totalsVersion) {
      totals.clear();
      totalsVersion = version;
    }
    const filter = { ...toFilter(query), category: query.category };
    const key = JSON.stringify(filter);
    const known = totals.get(key);
    const page = await store.tools.listSerialized(
      { ...filter, sort: query.sort, offset, limit, withTotal: known === undefined },
      serializeTool,
    );
    if (known === undefined && store.catalogueVersion() === version) {
      if (totals.size >= MAX_TOTALS) totals.clear();
      totals.set(key, page.total);
    }
    return { items: page.items, total: known ?? page.total };
  };

  /** The tool whose SKU is exactly the search (any case), if the search can be one. */
  const skuMatch = async (search: string | undefined) =>
    looksLikeSku(search) ? store.tools.getBySku(search) : null;

  /**
   * The page with the tool whose SKU is the search first: the pages after the first shift by
   * one, so each reads one row more and drops that tool where it would have been.
   */
  const pageWithSkuFirst = async (query: ListToolsQuery, exact: ToolRecord): Promise<ToolsPage> => {
    const { offset, limit } = pageWindow(query);
    const natural = await pageAt(query, Math.max(offset - 1, 0), limit + 1);
    const head = `{"_id":${JSON.stringify(exact._id)},`;
    const rest = natural.items.filter((item) => !item.startsWith(head));
    const items = offset === 0 ? [serializeTool(exact), ...rest] : rest;
    const counted = query.search !== undefined && matchesSearch(exact, query.search);
    return toPage(items.slice(0, limit), natural.total + (counted ? 0 : 1));
  };

  const page = async (query: ListToolsQuery): Promise<ToolsPage> => {
    const exact = await skuMatch(query.search);
    if (exact && passesBounds(exact, { ...toFilter(query), category: query.category }))
      return pageWithSkuFirst(query, exact);
    const { offset, limit } = pageWindow(query);
    const found = await pageAt(query, offset, limit);
    return toPage(found.items, found.total);
  };

  return {
    /**
     * One page in the asked order, serialised; `total` counts every match so the client can page.
     * A search that finds nothing is tried once more with its misspellings corrected.
     */
    async list(query: ListToolsQuery): Promise<ToolsPage> {
      const found = await page(query);
      const typed = query.search;
      if (found.total > 0 || !typed) return found;
      const search = await corrected(typed);
      const retried = search ? await page({ ...query, search }) : found;
      if (retried.total > 0 || query.category !== undefined) return retried;
      // "hammers" or "hamers" when the tools are named "Claw Hammer": the category's tools.
      const category = (await categories()).find(
        (c) =>
          c.count > 0 &&
          (categoryMatches(c, typed) || (search ? categoryMatches(c, search) : false)),
      );
      return category ? page({ ...query, search: undefined, category: category.slug }) : retried;
    },

    /** The typeahead: tools by name and categories, typo-tolerant like the list. */
    async suggest(q: string | undefined): Promise<ToolSuggestions> {
      if (!q) return { tools: [], categories: [] };
      const byName = (search: string) =>
        store.tools.list({
          search,
          sort: 'name',
          offset: 0,
          limit: TOOL_SUGGESTIONS,
          withTotal: false,
        });
      const [named, exact] = await Promise.all([byName(q), skuMatch(q)]);
      let tools = named.items;
      const retry = tools.length || exact ? undefined : await corrected(q);
      if (retry) tools = (await byName(retry)).items;
      if (exact)
        tools = [exact, ...tools.filter((tool) => tool._id !== exact._id)].slice(
          0,
          TOOL_SUGGESTIONS,
        );
      const shown = (await categories()).filter(
        (c) =>
          c.count > 0 && (categoryMatches(c, q) || (retry ? categoryMatches(c, retry) : false)),
      );
      return {
        tools: tools.map((tool) => ({ _id: tool._id, name: tool.name, sku: tool.sku })),
        categories: shown
          .slice(0, CATEGORY_SUGGESTIONS)
          .map((category) => ({ slug: category.slug, name: category.name })),
      };
    },

    async get(id: Id): Promise<Tool> {
      const record = await store.tools.get(id);
      if (!record) throw AppError.notFound('Tool not found');
      return toToolWire(record);
    },

    async getBySku(sku: string): Promise<Tool> {
      const record = await store.tools.getBySku(sku);
      if (!record) throw AppError.notFound(`No tool has the SKU ${sku}`);
      return toToolWire(record);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
