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
import { DEFAULT_UNIT, isUnitCode } from '@toolworks/contract/units';
import { AppError } from '../../lib/app-error.js';
import { pageWindow } from '../../lib/paging.js';
import type { ToolImage } from '@toolworks/contract/tool-images';
import type { Id, Store, ToolFilter, ToolImageRecord, ToolRecord } from '../../store/store.js';
import { matchesSearch } from '../../store/search-terms.js';
import { categoryMatches, searchCorrectionFor } from './search-correction.js';
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
    unit: isUnitCode(record.unit) ? record.unit : DEFAULT_UNIT,
    packSize: record.packSize,
    orderMultiple: record.orderMultiple,
    priceBasis: record.priceBasis,
    taxClass: record.taxClass,
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
  /** Each tool's JSON text, as `json` joins them. */
  items: string[];
  total: number;
  /** The weak ETag of `json` and `correctedQuery` (page-etag.ts). */
  etag: string;
  /** What was searched instead of the search typed, which found nothing (CORRECTED_QUERY_HEADER). */
  correctedQuery?: string;
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

export function createToolsService(
  store: Pick<Store, 'tools' | 'categories' | 'catalogueVersion'>,
) {
  // Counting every match was most of a page's database time on a large catalogue, yet the
  // total only changes with a catalogue write, which moves catalogueVersion (also for writes by
  // other instances): so it is counted once per version and filter, even with the cache off.
  let totalsVersion = -1;
  const totals = new Map<string, number>();
  const { categories, corrected, correct } = searchCorrectionFor(store);

  const pageEtag = createPageEtags();
  /** `correctedQuery`, when another search was answered, is in the ETag: it is another answer. */
  const toPage = (items: string[], total: number, correctedQuery?: string): ToolsPage => ({
    json: `[${items.join(',')}]`,
    items,
    total,
    etag: pageEtag(items, correctedQuery),
    ...(correctedQuery !== undefined ? { correctedQuery } : {}),
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
  const pageWithSkuFirst = async (query: ListToolsQuery, exact: ToolRecord) => {
    const { offset, limit } = pageWindow(query);
    const natural = await pageAt(query, Math.max(offset - 1, 0), limit + 1);
    const head = `{"_id":${JSON.stringify(exact._id)},`;
    const rest = natural.items.filter((item) => !item.startsWith(head));
    const items = offset === 0 ? [serializeTool(exact), ...rest] : rest;
    const counted = query.search !== undefined && matchesSearch(exact, query.search);
    return { items: items.slice(0, limit), total: natural.total + (counted ? 0 : 1) };
  };

  /** The page's tools and total, serialised (`correctedQuery` is the caller's to add). */
  const page = async (query: ListToolsQuery): Promise<{ items: string[]; total: number }> => {
    const exact = await skuMatch(query.search);
    if (exact && passesBounds(exact, { ...toFilter(query), category: query.category }))
      return pageWithSkuFirst(query, exact);
    const { offset, limit } = pageWindow(query);
    return pageAt(query, offset, limit);
  };

  /**
   * The page for a search that found nothing: the corrected search's, else (no category chosen)
   * that of a category named like the search, each said in `correctedQuery`; else undefined.
   */
  const correctedPage = async (query: ListToolsQuery, typed: string) => {
    const fix = await correct(typed);
    if (fix.search) {
      const retried = await page({ ...query, search: fix.search });
      if (retried.total > 0) return toPage(retried.items, retried.total, fix.search);
    }
    if (!fix.category || query.category !== undefined) return undefined;
    const listed = await page({ ...query, search: undefined, category: fix.category.slug });
    return listed.total > 0 ? toPage(listed.items, listed.total, fix.category.name) : undefined;
  };

  return {
    /**
     * One page in the asked order, serialised; `total` counts every match so the client can page.
     * A search that finds nothing is tried once more corrected, unless `exact` asks for it as typed.
     */
    async list(query: ListToolsQuery): Promise<ToolsPage> {
      const found = await page(query);
      const typed = query.search;
      if (found.total === 0 && typed && query.exact !== 'true') {
        const corrected = await correctedPage(query, typed);
        if (corrected) return corrected;
      }
      return toPage(found.items, found.total);
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
