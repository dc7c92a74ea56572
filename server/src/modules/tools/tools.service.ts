import { centsToDollars } from '../../contract/fields.js';
import type { ListToolsQuery, Tool } from '../../contract/tools.js';
import { AppError } from '../../lib/app-error.js';
import { pageWindow } from '../../lib/paging.js';
import type { Id, Store, ToolRecord } from '../../store/store.js';

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
  };
}

export interface ToolsPage {
  items: Tool[];
  total: number;
}

/** Totals remembered per search term; terms are visitors' own, so the map is bounded. */
const MAX_TOTALS = 500;

export function createToolsService(store: Pick<Store, 'tools' | 'catalogueVersion'>) {
  // Counting every match was most of a page's database time on a large catalogue, yet the
  // total only changes with a catalogue write, which moves catalogueVersion (also for writes by
  // other instances): so it is counted once per version and term, even with the cache off.
  let totalsVersion = -1;
  const totals = new Map<string, number>();

  return {
    /** Newest first, one page; `total` counts every match so the client can page. */
    async list(query: ListToolsQuery): Promise<ToolsPage> {
      const version = store.catalogueVersion();
      if (version !== totalsVersion) {
        totals.clear();
        totalsVersion = version;
      }
      const term = query.search ?? '';
      const known = totals.get(term);
      const page = await store.tools.list({
        search: query.search,
        ...pageWindow(query),
        withTotal: known === undefined,
      });
      if (known === undefined && store.catalogueVersion() === version) {
        if (totals.size >= MAX_TOTALS) totals.clear();
        totals.set(term, page.total);
      }
      return { items: page.items.map(toToolWire), total: known ?? page.total };
    },

    async get(id: Id): Promise<Tool> {
      const record = await store.tools.get(id);
      if (!record) throw AppError.notFound('Tool not found');
      return toToolWire(record);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
