import { ObjectId, type Collection, type Filter } from 'mongodb';
import type { ToolInput, ToolRecord, ToolsRepo } from '../store.js';
import type { PriceTierCents } from '../../contract/pricing.js';
import { escapeRegex, iso, toObjectId } from './ids.js';

/** Field names follow the spec's entity (MinimumOrderQuantity) so the data reads as it always did. */
export interface ToolDoc {
  _id: ObjectId;
  name: string;
  /** Lower-cased name: indexed, and searched with an escaped case-sensitive regex. */
  nameLower: string;
  img: string;
  priceCents: number;
  description: string;
  availableQuantity: number;
  MinimumOrderQuantity: number;
  /** Embedded: read with the tool, never on its own. Absent on tools stored before tiers. */
  priceTiers?: PriceTierCents[];
  createdAt: Date;
  updatedAt: Date;
}

export function toToolRecord(doc: ToolDoc): ToolRecord {
  return {
    _id: doc._id.toHexString(),
    name: doc.name,
    img: doc.img,
    priceCents: doc.priceCents,
    description: doc.description,
    availableQuantity: doc.availableQuantity,
    minimumOrderQuantity: doc.MinimumOrderQuantity,
    priceTiers: doc.priceTiers ?? [],
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}

function fields(input: ToolInput) {
  return {
    name: input.name,
    nameLower: input.name.toLowerCase(),
    img: input.img,
    priceCents: input.priceCents,
    description: input.description,
    availableQuantity: input.availableQuantity,
    MinimumOrderQuantity: input.minimumOrderQuantity,
    // Left out on update when not given, so the tool keeps its tiers.
    ...(input.priceTiers && { priceTiers: input.priceTiers }),
  };
}

function newDoc(input: ToolInput): ToolDoc {
  const now = new Date();
  return {
    _id: new ObjectId(),
    priceTiers: [],
    ...fields(input),
    createdAt: now,
    updatedAt: now,
  };
}

export function mongoToolsRepo(tools: Collection<ToolDoc>): ToolsRepo {
  return {
    async list({ search, offset, limit }) {
      const text = (search ?? '').trim().toLowerCase();
      const filter: Filter<ToolDoc> = text ? { nameLower: { $regex: escapeRegex(text) } } : {};
      const [docs, total] = await Promise.all([
        tools.find(filter).sort({ _id: -1 }).skip(offset).limit(limit).toArray(),
        tools.countDocuments(filter),
      ]);
      return { items: docs.map(toToolRecord), total };
    },
    async get(id) {
      const _id = toObjectId(id);
      const doc = _id && (await tools.findOne({ _id }));
      return doc ? toToolRecord(doc) : null;
    },
    async create(input) {
      const doc = newDoc(input);
      await tools.insertOne(doc);
      return toToolRecord(doc);
    },
    async update(id, input, guard) {
      const _id = toObjectId(id);
      if (!_id) return null;
      // The stock condition is part of the filter, so the check and the write are one step.
      const filter = guard ? { _id, availableQuantity: guard.ifAvailableQuantity } : { _id };
      const doc = await tools.findOneAndUpdate(
        filter,
        { $set: { ...fields(input), updatedAt: new Date() } },
        { returnDocument: 'after' },
      );
      if (doc) return toToolRecord(doc);
      return guard && (await tools.countDocuments({ _id }, { limit: 1 })) ? 'STOCK_CHANGED' : null;
    },
    async delete(id) {
      const _id = toObjectId(id);
      return _id ? (await tools.deleteOne({ _id })).deletedCount === 1 : false;
    },
    async count() {
      return tools.countDocuments();
    },
    async insertMany(inputs) {
      if (!inputs.length) return 0;
      return (await tools.insertMany(inputs.map(newDoc), { ordered: true })).insertedCount;
    },
  };
}
