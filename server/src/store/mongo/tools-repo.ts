import {
  ObjectId,
  type ClientSession,
  type Collection,
  type Filter,
  type MongoClient,
} from 'mongodb';
import {
  DEFAULT_CATEGORY,
  DuplicateSkuError,
  mergeIncomingStock,
  type CatalogueImportResult,
  orderedImages,
  type ToolFilter,
  type ToolInput,
  type ToolRecord,
  type ToolSortKey,
  type ToolsRepo,
} from '../store.js';
import { generatedSku, skuKey } from '@toolworks/contract/sku';
import { DEFAULT_TAX_CLASS } from '@toolworks/contract/tax';
import { iso, toObjectId } from './ids.js';
import { skuSearchKey } from '../search-terms.js';
import { refuse } from '../refusal.js';
import { inTransaction } from './transactions.js';
import { searchFilter, textSearchFields } from './tool-search.js';
import type { ToolDoc } from './tool-docs.js';

export type { ToolDoc };

export function toToolRecord(doc: ToolDoc): ToolRecord {
  return {
    _id: doc._id.toHexString(),
    sku: doc.sku,
    name: doc.name,
    img: doc.img,
    priceCents: doc.priceCents,
    description: doc.description,
    availableQuantity: doc.availableQuantity,
    minimumOrderQuantity: doc.MinimumOrderQuantity,
    category: doc.category ?? DEFAULT_CATEGORY,
    specs: doc.specs ?? [],
    ...(doc.datasheetUrl ? { datasheetUrl: doc.datasheetUrl } : {}),
    ratingSum: doc.ratingSum ?? 0,
    ratingCount: doc.ratingCount ?? 0,
    priceTiers: doc.priceTiers ?? [],
    images: doc.images ?? [],
    leadTimeDays: doc.leadTimeDays ?? null,
    allowBackorders: doc.allowBackorders ?? false,
    incomingStock: doc.incomingStock ?? [],
    unit: doc.unit ?? 'C62',
    packSize: doc.packSize ?? 1,
    orderMultiple: doc.orderMultiple ?? 1,
    priceBasis: doc.priceBasis ?? 1,
    taxClass: doc.taxClass ?? DEFAULT_TAX_CLASS,
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}

/** A SKU and what it is looked up and searched by. */
const skuFields = (sku: string) => ({ sku, skuKey: skuKey(sku), skuSearch: skuSearchKey(sku) });

/** The fields an update writes; absent catalogue fields are left as they are. */
function fields(input: ToolInput) {
  const sku = input.sku?.trim();
  return {
    ...(sku !== undefined ? skuFields(sku) : {}),
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.specs !== undefined ? { specs: input.specs } : {}),
    ...(input.datasheetUrl !== undefined ? { datasheetUrl: input.datasheetUrl } : {}),
    name: input.name,
    nameLower: input.name.toLowerCase(),
    img: input.img,
    priceCents: input.priceCents,
    description: input.description,
    ...textSearchFields(input),
    availableQuantity: input.availableQuantity,
    MinimumOrderQuantity: input.minimumOrderQuantity,
    // Left out on update when not given, so the tool keeps its tiers.
    ...(input.priceTiers && { priceTiers: input.priceTiers }),
    ...(input.leadTimeDays !== undefined && { leadTimeDays: input.leadTimeDays }),
    ...(input.allowBackorders !== undefined && { allowBackorders: input.allowBackorders }),
    ...(input.unit !== undefined && { unit: input.unit }),
    ...(input.packSize !== undefined && { packSize: input.packSize }),
    ...(input.orderMultiple !== undefined && { orderMultiple: input.orderMultiple }),
    ...(input.priceBasis !== undefined && { priceBasis: input.priceBasis }),
    ...(input.taxClass !== undefined && { taxClass: input.taxClass }),
    // A new tool's batches have nothing promised; an update merges them first (withBatches).
    ...(input.incomingStock && { incomingStock: mergeIncomingStock([], input.incomingStock) }),
  };
}

/**
 * An update's fields and its condition: new batches keep what is promised of the stored ones,
 * and the write holds only while the stored batches are still those read (an order holding
 * units meanwhile makes it match nothing, and the caller reads again).
 */
async function withBatches(
  tools: Collection<ToolDoc>,
  _id: ObjectId,
  input: ToolInput,
  session?: ClientSession,
): Promise<{ set: Partial<ToolDoc>; condition: Filter<ToolDoc> }> {
  const set = fields(input);
  if (!input.incomingStock) return { set, condition: {} };
  const doc = await tools.findOne({ _id }, { session, projection: { incomingStock: 1 } });
  const stored = doc?.incomingStock ?? [];
  return {
    set: { ...set, incomingStock: mergeIncomingStock(stored, input.incomingStock) },
    condition: doc?.incomingStock
      ? { incomingStock: stored }
      : { incomingStock: { $exists: false } },
  };
}

function newDoc(input: ToolInput): ToolDoc {
  const now = new Date();
  const _id = new ObjectId();
  return {
    _id,
    ...skuFields(generatedSku(input.category ?? DEFAULT_CATEGORY, _id.toHexString())),
    category: DEFAULT_CATEGORY,
    specs: [],
    ratingSum: 0,
    ratingCount: 0,
    priceTiers: [],
    images: [],
    unit: 'C62',
    packSize: 1,
    orderMultiple: 1,
    priceBasis: 1,
    taxClass: DEFAULT_TAX_CLASS,
    ...fields(input),
    createdAt: now,
    updatedAt: now,
  };
}

/** Shared with the category counts. Indexes: see createIndexes in mongo-store.ts. */
export function toolFilter(query: ToolFilter): Filter<ToolDoc> {
  const filter: Filter<ToolDoc> = { ...searchFilter(query.search) };
  if (query.category !== undefined) filter.category = query.category;
  // Matches the partial indexes (availableQuantity > 0) created at start-up.
  if (query.inStock) filter.availableQuantity = { $gt: 0 };
  if (query.minPriceCents !== undefined || query.maxPriceCents !== undefined) {
    filter.priceCents = {
      ...(query.minPriceCents !== undefined ? { $gte: query.minPriceCents } : {}),
      ...(query.maxPriceCents !== undefined ? { $lte: query.maxPriceCents } : {}),
    };
  }
  return filter;
}

const SORTS: Record<ToolSortKey, Record<string, 1 | -1>> = {
  newest: { _id: -1 },
  price_asc: { priceCents: 1, _id: 1 },
  price_desc: { priceCents: -1, _id: -1 },
  name: { nameLower: 1, _id: 1 },
};

/** A write the unique index on skuKey refused (E11000 on that index). */
function isDuplicateSku(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    (err as { code?: unknown }).code === 11000 &&
    String((err as { message?: unknown }).message).includes('skuKey')
  );
}

async function skuChecked<T>(write: Promise<T>, sku: string | undefined): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isDuplicateSku(err)) throw new DuplicateSkuError(sku ?? '');
    throw err;
  }
}

/**
 * Tools stored before SKUs get the one migration 016 gives SQLite's: run at start-up, before the
 * unique index on skuKey is built (documents without it would all collide on null).
 */
export async function backfillSkus(tools: Collection<ToolDoc>): Promise<void> {
  const missing = await tools
    .find({ skuKey: { $exists: false } }, { projection: { _id: 1, category: 1 } })
    .toArray();
  if (!missing.length) return;
  await tools.bulkWrite(
    missing.map((doc) => {
      const sku = generatedSku(doc.category ?? DEFAULT_CATEGORY, doc._id.toHexString());
      return {
        updateOne: {
          filter: { _id: doc._id, skuKey: { $exists: false } },
          update: { $set: skuFields(sku) },
        },
      };
    }),
    { ordered: false },
  );
}

export function mongoToolsRepo(tools: Collection<ToolDoc>, client: MongoClient): ToolsRepo {
  const list: ToolsRepo['list'] = async (query) => {
    const filter = toolFilter(query);
    const sort = SORTS[query.sort ?? 'newest'];
    const [docs, total] = await Promise.all([
      tools.find(filter).sort(sort).skip(query.offset).limit(query.limit).toArray(),
      (query.withTotal ?? true) ? tools.countDocuments(filter) : -1,
    ]);
    return { items: docs.map(toToolRecord), total };
  };
  return {
    list,
    // No row identity to reuse serialised tools by: each is serialised afresh.
    async listSerialized(query, serialize) {
      const page = await list(query);
      return { items: page.items.map(serialize), total: page.total };
    },
    async get(id) {
      const _id = toObjectId(id);
      const doc = _id && (await tools.findOne({ _id }));
      return doc ? toToolRecord(doc) : null;
    },
    async getBySku(sku) {
      const doc = await tools.findOne({ skuKey: skuKey(sku) });
      return doc ? toToolRecord(doc) : null;
    },
    async getBySkus(skus) {
      const keys = [...new Set(skus.map(skuKey))];
      if (!keys.length) return [];
      return (await tools.find({ skuKey: { $in: keys } }).toArray()).map(toToolRecord);
    },
    async create(input) {
      const doc = newDoc(input);
      await skuChecked(tools.insertOne(doc), doc.sku);
      return toToolRecord(doc);
    },
    async update(id, input, guard) {
      const _id = toObjectId(id);
      if (!_id) return null;
      // Orders move the batches' promised units: read them again if one did meanwhile.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const { set, condition } = await withBatches(tools, _id, input);
        // The stock condition is part of the filter, so the check and the write are one step.
        const stockCondition = guard ? { availableQuantity: guard.ifAvailableQuantity } : {};
        const doc = await skuChecked(
          tools.findOneAndUpdate(
            { _id, ...stockCondition, ...condition },
            { $set: { ...set, updatedAt: new Date() } },
            { returnDocument: 'after' },
          ),
          input.sku?.trim(),
        );
        if (doc) return toToolRecord(doc);
        const now = await tools.findOne({ _id }, { projection: { availableQuantity: 1 } });
        if (!now) return null;
        if (guard && now.availableQuantity !== guard.ifAvailableQuantity) return 'STOCK_CHANGED';
      }
      return 'STOCK_CHANGED';
    },
    async delete(id) {
      const _id = toObjectId(id);
      // One atomic step: the document answered is the one deleted, with every photo it had.
      const doc = _id && (await tools.findOneAndDelete({ _id }));
      return doc ? toToolRecord(doc) : null;
    },
    async count() {
      return tools.countDocuments();
    },
    async names() {
      return tools.distinct('name');
    },
    async insertMany(inputs) {
      if (!inputs.length) return 0;
      const docs = inputs.map(newDoc);
      const inserted = tools.insertMany(docs, { ordered: true });
      return (await skuChecked(inserted, undefined)).insertedCount;
    },
    async addImage(id, image, max) {
      const _id = toObjectId(id);
      if (!_id) return null;
      // "No photo at position max-1" is part of the filter: the count check and the push are one
      // atomic step, as SQLite's transaction makes them.
      const doc = await tools.findOneAndUpdate(
        { _id, [`images.${max - 1}`]: { $exists: false } },
        { $push: { images: image }, $set: { updatedAt: new Date() } },
        { returnDocument: 'after' },
      );
      if (doc) return toToolRecord(doc);
      return (await tools.countDocuments({ _id }, { limit: 1 })) ? 'TOO_MANY' : null;
    },
    async removeImage(id, imageId) {
      const _id = toObjectId(id);
      if (!_id) return null;
      const before = await tools.findOneAndUpdate(
        { _id, 'images._id': imageId },
        { $pull: { images: { _id: imageId } }, $set: { updatedAt: new Date() } },
        { returnDocument: 'before' },
      );
      const removed = before?.images?.find((image) => image._id === imageId);
      if (!before || !removed) {
        return (await tools.countDocuments({ _id }, { limit: 1 })) ? 'NO_IMAGE' : null;
      }
      const tool = toToolRecord(before);
      return { tool: { ...tool, images: tool.images.filter((i) => i !== removed) }, removed };
    },
    async orderImages(id, imageIds) {
      const _id = toObjectId(id);
      if (!_id) return null;
      // Compare-and-set on the array as read: an upload or removal in between changes it, and
      // the order is worked out again from what is there now.
      for (;;) {
        const doc = await tools.findOne({ _id });
        if (!doc) return null;
        const current = doc.images ?? [];
        const ordered = orderedImages(current, imageIds);
        if (!ordered) return 'MISMATCH';
        const after = await tools.findOneAndUpdate(
          { _id, images: doc.images === undefined ? { $exists: false } : current },
          { $set: { images: ordered, updatedAt: new Date() } },
          { returnDocument: 'after' },
        );
        if (after) return toToolRecord(after);
      }
    },
    // One transaction: the inserts and every update commit together or not at all (a duplicate
    // SKU's E11000 aborts it; a tool deleted meanwhile is refused and rolled back).
    async importCatalogue(plan) {
      const now = new Date();
      return skuChecked(
        inTransaction(client, async (session): Promise<CatalogueImportResult> => {
          if (plan.creates.length)
            await tools.insertMany(plan.creates.map(newDoc), { ordered: true, session });
          if (plan.updates.length) {
            const ops = [];
            // In the transaction, the batches read are still there when written (or it retries).
            for (const { id, input } of plan.updates) {
              const _id = new ObjectId(id);
              const { set } = await withBatches(tools, _id, input, session);
              ops.push({
                updateOne: { filter: { _id }, update: { $set: { ...set, updatedAt: now } } },
              });
            }
            const written = await tools.bulkWrite(ops, { ordered: true, session });
            if (written.matchedCount !== plan.updates.length) {
              const ids = plan.updates.map((u) => new ObjectId(u.id));
              const found = await tools.distinct('_id', { _id: { $in: ids } }, { session });
              const have = new Set(found.map((oid) => oid.toHexString()));
              const gone = plan.updates.find((u) => !have.has(u.id));
              return refuse<CatalogueImportResult>({
                ok: false,
                reason: 'TOOL_GONE',
                id: gone?.id ?? '',
              });
            }
          }
          return { ok: true, created: plan.creates.length, updated: plan.updates.length };
        }),
        undefined,
      );
    },
  };
}
