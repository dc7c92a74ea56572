import { centsToDollars } from '@toolworks/contract/fields';
import type { ListCategoriesQuery, ListToolsQuery, Tool } from '@toolworks/contract/tools';
import { tiersToDollars } from '@toolworks/contract/pricing';
import { AppError } from '../../lib/app-error.js';
import { pageWindow } from '../../lib/paging.js';
import type { Id, Store, ToolFilter, ToolRecord } from '../../store/store.js';

/** The record as the API shows it: dollars, and the spec's `MinimumOrderQuantity` wire name. */
export function toToolWire(record: ToolRecord): Tool {
  return {
    _id: record._id,
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
  };
}

export interface ToolsPage {
  /** The page's tools as a JSON array, in the asked order. */
  json: string;
  total: number;
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

/** Totals remembered per filter; filters are visitors' own, so the map is bounded. */
const MAX_TOTALS = 500;

export function createToolsService(store: Pick<Store, 'tools' | 'catalogueVersion'>) {
  // Counting every match was most of a page's database time on a large catalogue, yet the
  // total only changes with a catalogue write, which moves catalogueVersion (also for writes by
  // other instances): so it is counted once per version and filter, even with the cache off.
  let totalsVersion = -1;
  const totals = new Map<string, number>();

  return {
    /** One page in the asked order, serialised; `total` counts every match so the client can page. */
    async list(query: ListToolsQuery): Promise<ToolsPage> {
      const version = store.catalogueVersion();
      if (version !== totalsVersion) {
        totals.clear();
        totalsVersion = version;
      }
      const filter = { ...toFilter(query), category: query.category };
      const key = JSON.stringify(filter);
      const known = totals.get(key);
      const page = await store.tools.listSerialized(
        { ...filter, sort: query.sort, ...pageWindow(query), withTotal: known === undefined },
        serializeTool,
      );
      if (known === undefined && store.catalogueVersion() === version) {
        if (totals.size >= MAX_TOTALS) totals.clear();
        totals.set(key, page.total);
      }
      return { json: `[${page.items.join(',')}]`, total: known ?? page.total };
    },

    async get(id: Id): Promise<Tool> {
      const record = await store.tools.get(id);
      if (!record) throw AppError.notFound('Tool not found');
      return toToolWire(record);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
