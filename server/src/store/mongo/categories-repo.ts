import type { Collection } from 'mongodb';
import { DEFAULT_CATEGORY, type CategoriesRepo, type CategoryCount } from '../store.js';
import { isDuplicateKey } from './ids.js';
import { toolFilter, type ToolDoc } from './tools-repo.js';

export interface CategoryDoc {
  /** The slug. */
  _id: string;
  name: string;
  /** Unique index: names differ by more than case. */
  nameLower: string;
  createdAt: Date;
}

/**
 * A new tool without a category gets DEFAULT_CATEGORY, which must then be a listed category, as
 * SQLite's migration 004 makes it. An upsert that only inserts: an admin's rename is kept, and
 * instances starting together cannot insert it twice.
 */
export async function ensureDefaultCategory(categories: Collection<CategoryDoc>): Promise<void> {
  await categories.updateOne(
    { _id: DEFAULT_CATEGORY },
    { $setOnInsert: { name: 'Other', nameLower: 'other', createdAt: new Date() } },
    { upsert: true },
  );
}

export function mongoCategoriesRepo(
  categories: Collection<CategoryDoc>,
  tools: Collection<ToolDoc>,
): CategoriesRepo {
  return {
    async listWithCounts(filter) {
      const [docs, counts] = await Promise.all([
        categories.find().sort({ nameLower: 1 }).toArray(),
        tools
          .aggregate<{ _id: string; count: number }>([
            { $match: toolFilter({ ...filter, category: undefined }) },
            { $group: { _id: '$category', count: { $sum: 1 } } },
          ])
          .toArray(),
      ]);
      const byCategory = new Map(counts.map((c) => [c._id, c.count]));
      return docs.map((doc): CategoryCount => ({
        slug: doc._id,
        name: doc.name,
        count: byCategory.get(doc._id) ?? 0,
      }));
    },
    async get(slug) {
      const doc = await categories.findOne({ _id: slug });
      return doc ? { slug: doc._id, name: doc.name } : null;
    },
    async create({ slug, name }) {
      try {
        await categories.insertOne({
          _id: slug,
          name,
          nameLower: name.toLowerCase(),
          createdAt: new Date(),
        });
        return { slug, name };
      } catch (error) {
        if (isDuplicateKey(error)) return 'DUPLICATE';
        throw error;
      }
    },
  };
}
