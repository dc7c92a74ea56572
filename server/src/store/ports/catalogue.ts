/** The public catalogue: tools, their categories and their reviews. */

import type { PriceTierCents } from '@toolworks/contract/pricing';
import type { IncomingBatch, IncomingBatchInput } from '@toolworks/contract/availability';
import type { ToolSortKey } from '@toolworks/contract/tool-sorts';
import type { TaxClass } from '@toolworks/contract/tax';
import type { Id, Page } from './common.js';

export type { ToolSortKey };

export interface ToolRecord {
  _id: Id;
  /** The part number as typed; unique compared without case (see contract/sku.ts). */
  sku: string;
  name: string;
  img: string;
  priceCents: number;
  description: string;
  availableQuantity: number;
  minimumOrderQuantity: number;
  /** A category slug. */
  category: string;
  specs: ToolSpec[];
  datasheetUrl?: string;
  /** Over the tool's visible reviews; kept up to date by the reviews repo. */
  ratingSum: number;
  ratingCount: number;
  /** Volume prices, quantities rising; [] when none. */
  priceTiers: PriceTierCents[];
  /** Uploaded photos, the main one first; [] when none. */
  images: ToolImageRecord[];
  /** Days to make more; null when the tool is not made to order. */
  leadTimeDays: number | null;
  /** Whether buyers may order beyond stock (against the batches, then the lead time). */
  allowBackorders: boolean;
  /** Batches the admin expects, by date; `promised` units of each are held for orders. */
  incomingStock: IncomingBatch[];
  /** Issue 50: the UN/ECE Rec 20 unit (`C62` piece); quantities and stock are in pieces. */
  unit: string;
  /** Pieces per sales pack; 1 when not sold in packs. */
  packSize: number;
  /** Orders are whole multiples of it (and of the pack); the minimum is one too. */
  orderMultiple: number;
  /** The price (and each tier's) is for this many pieces. */
  priceBasis: number;
  /** Issue 51: which of a country's VAT rates a sale of it takes. */
  taxClass: TaxClass;
  createdAt: string;
  updatedAt: string;
}

/** An uploaded photo: its WebP variants live in the image storage, at the urls kept here. */
export interface ToolImageRecord {
  _id: Id;
  /** The largest variant's size. */
  width: number;
  height: number;
  /** Narrowest first. */
  variants: { width: number; url: string; key: string }[];
}

/** `images` in the order of `imageIds`, or null unless `imageIds` names each of them once. */
export function orderedImages(
  images: readonly ToolImageRecord[],
  imageIds: readonly Id[],
): ToolImageRecord[] | null {
  if (imageIds.length !== images.length || new Set(imageIds).size !== imageIds.length) return null;
  const byId = new Map(images.map((image) => [image._id, image]));
  const ordered = imageIds.map((imageId) => byId.get(imageId));
  return ordered.every((image) => image !== undefined) ? ordered : null;
}

export interface ToolSpec {
  name: string;
  value: string;
}

/**
 * The catalogue fields are optional so that older callers (seed, bench, factories) still fit:
 * a new tool gets category "other" and no specs; an update leaves an absent field as it is, and
 * `datasheetUrl: null` removes the link.
 */
export type ToolInput = Pick<
  ToolRecord,
  'name' | 'img' | 'priceCents' | 'description' | 'availableQuantity' | 'minimumOrderQuantity'
> & {
  /** None on create: one made from the category and the id (generatedSku); on update: kept. */
  sku?: string;
  category?: string;
  specs?: ToolSpec[];
  datasheetUrl?: string | null;
  /** None on create means []; none on update keeps the tool's tiers. */
  priceTiers?: PriceTierCents[];
  /** Each absent: none on create (no lead time, no backorders, no batches), kept on update. */
  leadTimeDays?: number | null;
  allowBackorders?: boolean;
  /**
   * Replaces the batches; a batch keeps what is promised of it (matched by its date), and a
   * write that would leave a batch below its promised units throws BatchPromisedError.
   */
  incomingStock?: IncomingBatchInput[];
  /** Each absent: 'C62' and 1 on create, kept on update. */
  unit?: string;
  packSize?: number;
  orderMultiple?: number;
  priceBasis?: number;
  /** Absent: 'standard' on create, kept on update. */
  taxClass?: TaxClass;
};

export const DEFAULT_CATEGORY = 'other';

/** The filters shared by the tool list and the category counts. */
export interface ToolFilter {
  /** Case-insensitive substring of the name or the description. */
  search?: string;
  category?: string;
  inStock?: boolean;
  minPriceCents?: number;
  maxPriceCents?: number;
}
export interface ToolListQuery extends ToolFilter {
  /** Newest first when absent. */
  sort?: ToolSortKey;
  offset: number;
  limit: number;
  /** false: the caller knows the total already, skip counting (`total` is then -1). */
  withTotal?: boolean;
}
export interface CategoryRecord {
  slug: string;
  name: string;
}
export interface CategoryCount extends CategoryRecord {
  count: number;
}
export interface CategoriesRepo {
  /** By name; each with the number of tools matching `filter` (its `category` is ignored). */
  listWithCounts(filter: ToolFilter): Promise<CategoryCount[]>;
  get(slug: string): Promise<CategoryRecord | null>;
  /** 'DUPLICATE' when the slug or the name (any case) is taken. */
  create(category: CategoryRecord): Promise<CategoryRecord | 'DUPLICATE'>;
}

/**
 * Thrown by create, update and insertMany when the SKU (compared without case) belongs to another
 * tool; nothing is written. A thrown error rather than an answer, as a duplicate is the caller's
 * input and the one caller that takes SKUs from people (admin tools) turns it into a 409.
 */
export class DuplicateSkuError extends Error {
  constructor(readonly sku: string) {
    super(`SKU ${sku} is taken`);
    this.name = 'DuplicateSkuError';
  }
}

/**
 * Thrown by update and importCatalogue when the new batches would drop or shrink a batch below
 * the units already promised to orders from it; nothing is written.
 */
export class BatchPromisedError extends Error {
  constructor(
    readonly expectedDate: string,
    readonly promised: number,
  ) {
    super(`${promised} units of the batch expected ${expectedDate} are promised to orders`);
    this.name = 'BatchPromisedError';
  }
}

/** The new batches with what is promised of each (by date) carried over from the stored ones. */
export function mergeIncomingStock(
  stored: readonly IncomingBatch[],
  input: readonly IncomingBatchInput[],
): IncomingBatch[] {
  const next = new Map(input.map((b) => [b.expectedDate, b.quantity]));
  for (const batch of stored) {
    if (batch.promised > (next.get(batch.expectedDate) ?? 0))
      throw new BatchPromisedError(batch.expectedDate, batch.promised);
  }
  const promised = new Map(stored.map((b) => [b.expectedDate, b.promised]));
  return [...input]
    .sort((a, b) => a.expectedDate.localeCompare(b.expectedDate))
    .map((b) => ({ ...b, promised: promised.get(b.expectedDate) ?? 0 }));
}

export interface ToolUpdateGuard {
  ifAvailableQuantity: number;
}

export interface ToolsRepo {
  list(query: ToolListQuery): Promise<Page<ToolRecord>>;
  /**
   * The same page with each tool turned into text by `serialize`, which must be a pure function
   * of the record: an adapter may reuse what it returned for a stored row identical to one it has
   * seen (SQLite compares the whole row's text), which is most of an uncached catalogue page's
   * time otherwise (docs/performance.md).
   */
  listSerialized(
    query: ToolListQuery,
    serialize: (tool: ToolRecord) => string,
  ): Promise<Page<string>>;
  get(id: Id): Promise<ToolRecord | null>;
  /** The tool whose SKU is `sku` compared without case, or null. */
  getBySku(sku: string): Promise<ToolRecord | null>;
  /**
   * The tools of many SKUs in one read (compared without case; unknown ones are left out, in no
   * order): Quick order checks 2,000 lines with it.
   */
  getBySkus(skus: readonly string[]): Promise<ToolRecord[]>;
  create(input: ToolInput): Promise<ToolRecord>;
  /**
   * Replaces the editable fields; null if there is no such tool. With `ifAvailableQuantity`, only
   * while the stock is still that number, in the same atomic step: otherwise nothing is written
   * and the answer is STOCK_CHANGED (an order was placed or cancelled since the caller read it).
   */
  update(
    id: Id,
    input: ToolInput,
    guard?: ToolUpdateGuard,
  ): Promise<ToolRecord | null | 'STOCK_CHANGED'>;
  /** The tool as it was when deleted (its photos' files are then the caller's to remove), or null. */
  delete(id: Id): Promise<ToolRecord | null>;
  count(): Promise<number>;
  /** Every distinct tool name, in no order: the vocabulary of the catalogue's typo tolerance. */
  names(): Promise<string[]>;
  /** Bulk insert for seeding and benchmarks. */
  insertMany(inputs: ToolInput[]): Promise<number>;
  /**
   * A catalogue import, all or nothing in one transaction: creates the new tools (each with its
   * SKU) and replaces the fields of the existing ones. A SKU taken meanwhile throws
   * DuplicateSkuError, a tool deleted meanwhile answers TOOL_GONE; either way nothing is written.
   */
  importCatalogue(plan: CatalogueImportPlan): Promise<CatalogueImportResult>;
  /**
   * Appends a photo, in one atomic step with the check that the tool has fewer than `max`:
   * null if there is no such tool, TOO_MANY (nothing written) if it has `max` already.
   */
  addImage(id: Id, image: ToolImageRecord, max: number): Promise<ToolRecord | null | 'TOO_MANY'>;
  /** Takes a photo off the tool; what was removed (its files are the caller's to delete). */
  removeImage(
    id: Id,
    imageId: Id,
  ): Promise<{ tool: ToolRecord; removed: ToolImageRecord } | null | 'NO_IMAGE'>;
  /**
   * Puts the photos in the order of `imageIds`, which must name each of them once (else
   * MISMATCH, nothing written): the first is the main photo.
   */
  orderImages(id: Id, imageIds: readonly Id[]): Promise<ToolRecord | null | 'MISMATCH'>;
}

export interface CatalogueImportPlan {
  creates: (ToolInput & { sku: string })[];
  updates: { id: Id; input: ToolInput }[];
}

export type CatalogueImportResult =
  { ok: true; created: number; updated: number } | { ok: false; reason: 'TOOL_GONE'; id: Id };

export interface ReviewRecord {
  _id: Id;
  review: string;
  ratings: number;
  authorEmail: string;
  authorName: string;
  /** The tool reviewed; absent for a review of the shop. */
  toolId?: Id;
  /**
   * The author has a paid (not refunded) order for the tool; the orders repo keeps it so as
   * orders are paid and refunded. Only verified, visible reviews count in the tool's rating.
   */
  verified: boolean;
  /** Hidden by an admin: left out of every public list and of the tool's rating. */
  hidden: boolean;
  createdAt: string;
}

export type ReviewInput = Pick<ReviewRecord, 'review' | 'ratings' | 'authorEmail' | 'authorName'> &
  Partial<Pick<ReviewRecord, 'toolId' | 'verified'>>;

export interface ReviewListQuery {
  toolId?: Id;
  includeHidden?: boolean;
}

export interface ReviewsRepo {
  /** Newest first; visible reviews only unless `includeHidden`. */
  list(query?: ReviewListQuery): Promise<ReviewRecord[]>;
  get(id: Id): Promise<ReviewRecord | null>;
  /**
   * A verified tool review also adds to the tool's rating, in the same atomic step. One review
   * per author and tool (a unique index): a second answers DUPLICATE and changes nothing.
   */
  create(input: ReviewInput): Promise<ReviewRecord | 'DUPLICATE'>;
  /**
   * Hides or shows a review and moves the tool's rating with it, atomically; null if there is no
   * such review. Setting the state it already has changes nothing.
   */
  setHidden(id: Id, hidden: boolean): Promise<ReviewRecord | null>;
  /**
   * Whether `email` has a paid order for the tool. The one place this rule lives: when orders
   * gain lines, this is re-pointed at them.
   */
  hasPaidOrderFor(email: string, toolId: Id): Promise<boolean>;
  insertMany(inputs: ReviewInput[]): Promise<number>;
  count(): Promise<number>;
}
