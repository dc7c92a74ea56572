import { centsToDollars } from '../../contract/fields.js';
import { tiersToDollars } from '../../contract/pricing.js';
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
    priceTiers: tiersToDollars(record.priceTiers),
  };
}

export interface ToolsPage {
  items: Tool[];
  total: number;
}

export function createToolsService(store: Pick<Store, 'tools'>) {
  return {
    /** Newest first, one page; `total` counts every match so the client can page. */
    async list(query: ListToolsQuery): Promise<ToolsPage> {
      const page = await store.tools.list({ search: query.search, ...pageWindow(query) });
      return { items: page.items.map(toToolWire), total: page.total };
    },

    async get(id: Id): Promise<Tool> {
      const record = await store.tools.get(id);
      if (!record) throw AppError.notFound('Tool not found');
      return toToolWire(record);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
