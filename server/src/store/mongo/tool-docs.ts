import type { ObjectId } from 'mongodb';
import type { IncomingBatch } from '@toolworks/contract/availability';
import type { PriceTierCents } from '@toolworks/contract/pricing';
import type { TaxClass } from '@toolworks/contract/tax';
import type { ToolImageRecord, ToolSpec } from '../store.js';

/** Field names follow the spec's entity (MinimumOrderQuantity) so the data reads as it always did. */
export interface ToolDoc {
  _id: ObjectId;
  /** As typed. Tools stored before SKUs get one at start-up (backfillSkus). */
  sku: string;
  /** The SKU upper-cased: unique index (mongo-store.ts), what lookups compare. */
  skuKey: string;
  name: string;
  /** Lower-cased name: the name sort's index. */
  nameLower: string;
  img: string;
  priceCents: number;
  description: string;
  availableQuantity: number;
  MinimumOrderQuantity: number;
  category: string;
  specs: ToolSpec[];
  datasheetUrl?: string | null;
  ratingSum: number;
  ratingCount: number;
  /** Embedded: read with the tool, never on its own. Absent on tools stored before tiers. */
  priceTiers?: PriceTierCents[];
  /** Uploaded photos, main first; image ids are hex strings. Absent on tools stored before. */
  images?: ToolImageRecord[];
  /** Absent on tools stored before backorders: no lead time, no backorders, no batches. */
  leadTimeDays?: number | null;
  allowBackorders?: boolean;
  /** Sorted by date; orders change `promised` with the whole array as their condition. */
  incomingStock?: IncomingBatch[];
  /** Issue 50. Absent on tools stored before packs: 'C62' (a piece) and 1. */
  unit?: string;
  packSize?: number;
  orderMultiple?: number;
  priceBasis?: number;
  /** Issue 51. Absent on tools stored before tax classes: 'standard'. */
  taxClass?: TaxClass;
  /** The name and description lower-cased (search-terms.ts): checks words longer than a key. */
  searchText: string;
  /** search-terms.ts `searchKeys` of `searchText`: the search's multikey index (tool-search.ts). */
  searchKeys: string[];
  /** The SKU's letters and digits lower-cased ("pfdrl18"): indexed, read by prefix. */
  skuSearch: string;
  createdAt: Date;
  updatedAt: Date;
}
