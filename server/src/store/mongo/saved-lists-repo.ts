import { ObjectId, type Collection } from 'mongodb';
import type {
  SavedListLineRecord,
  SavedListRecord,
  SavedListsRepo,
  SavedListSummaryRecord,
} from '../store.js';
import { isDuplicateKey, iso, toObjectId } from './ids.js';

interface SavedListLineDoc {
  toolId: ObjectId;
  name: string;
  quantity: number;
  addedAt: Date;
}

/** One document per list, its lines inside (at most MAX_LIST_LINES): one atomic update each. */
export interface SavedListDoc {
  _id: ObjectId;
  ownerEmail: string;
  name: string;
  /** The name lower-cased; unique per owner (index in mongo-store.ts). */
  nameKey: string;
  /**
   * Shared with this company's members (read and add to cart); absent or null: private. The
   * company's id as every collection keeps it, a string (migration 5 turned older ObjectIds).
   */
  companyId?: string | null;
  lines: SavedListLineDoc[];
  createdAt: Date;
  updatedAt: Date;
}

type Head = Omit<SavedListDoc, 'lines' | 'nameKey'>;

function toHead(doc: Head) {
  return {
    _id: doc._id.toHexString(),
    ownerEmail: doc.ownerEmail,
    name: doc.name,
    ...(doc.companyId && { companyId: doc.companyId }),
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}

const toLine = (line: SavedListLineDoc): SavedListLineRecord => ({
  toolId: line.toolId.toHexString(),
  name: line.name,
  quantity: line.quantity,
  addedAt: iso(line.addedAt),
});

/** How often addLine retries when another request changed the line between its two updates. */
const ADD_ATTEMPTS = 5;

export function mongoSavedListsRepo(lists: Collection<SavedListDoc>): SavedListsRepo {
  const summaries = async (match: object) => {
    const docs = await lists
      .aggregate<Head & { lineCount: number }>([
        { $match: match },
        { $sort: { nameKey: 1, _id: 1 } },
        {
          $project: {
            ownerEmail: 1,
            name: 1,
            companyId: 1,
            createdAt: 1,
            updatedAt: 1,
            lineCount: { $size: '$lines' },
          },
        },
      ])
      .toArray();
    return docs.map((doc): SavedListSummaryRecord => ({
      ...toHead(doc),
      lineCount: doc.lineCount,
    }));
  };
  return {
    async setSharing(id, ownerEmail, companyId, now) {
      const _id = toObjectId(id);
      if (!_id) return false;
      const written = await lists.updateOne(
        { _id, ownerEmail: ownerEmail.toLowerCase() },
        {
          $set: {
            companyId,
            updatedAt: new Date(now),
          },
        },
      );
      return written.matchedCount === 1;
    },
    // Index { companyId, nameKey } in mongo-store.ts.
    async listSharedWith(companyId, exceptEmail) {
      return summaries({ companyId, ownerEmail: { $ne: exceptEmail.toLowerCase() } });
    },
    async listByOwner(ownerEmail) {
      return summaries({ ownerEmail: ownerEmail.toLowerCase() });
    },
    async get(id) {
      const oid = toObjectId(id);
      const doc = oid ? await lists.findOne({ _id: oid }) : null;
      return doc
        ? ({ ...toHead(doc), lines: doc.lines.map(toLine) } satisfies SavedListRecord)
        : null;
    },
    async create({ ownerEmail, name, now }, { maxLists }) {
      const owner = ownerEmail.toLowerCase();
      // Count, then insert: two creates of one buyer at the same instant may both pass the
      // count. The limit guards against runaway clients, not races of one person's clicks.
      if ((await lists.countDocuments({ ownerEmail: owner })) >= maxLists) return 'TOO_MANY_LISTS';
      const at = new Date(now);
      const doc: SavedListDoc = {
        _id: new ObjectId(),
        ownerEmail: owner,
        name,
        nameKey: name.toLowerCase(),
        lines: [],
        createdAt: at,
        updatedAt: at,
      };
      try {
        await lists.insertOne(doc);
      } catch (error) {
        if (isDuplicateKey(error)) return 'NAME_TAKEN';
        throw error;
      }
      return { ...toHead(doc), lines: [] };
    },
    async rename(id, ownerEmail, name, now) {
      const oid = toObjectId(id);
      if (!oid) return false;
      try {
        const result = await lists.updateOne(
          { _id: oid, ownerEmail: ownerEmail.toLowerCase() },
          { $set: { name, nameKey: name.toLowerCase(), updatedAt: new Date(now) } },
        );
        return result.matchedCount === 1;
      } catch (error) {
        if (isDuplicateKey(error)) return 'NAME_TAKEN';
        throw error;
      }
    },
    async delete(id, ownerEmail) {
      const oid = toObjectId(id);
      if (!oid) return false;
      const result = await lists.deleteOne({ _id: oid, ownerEmail: ownerEmail.toLowerCase() });
      return result.deletedCount === 1;
    },
    async addLine(id, ownerEmail, line, now, { maxLines, maxQuantity }) {
      const oid = toObjectId(id);
      const toolId = toObjectId(line.toolId);
      if (!oid || !toolId) return false;
      const owned = { _id: oid, ownerEmail: ownerEmail.toLowerCase() };
      const at = new Date(now);
      for (let attempt = 0; attempt < ADD_ATTEMPTS; attempt += 1) {
        // The tool's line, while adding keeps it within the limit: one conditional update.
        const raised = await lists.updateOne(
          {
            ...owned,
            lines: {
              $elemMatch: { toolId, quantity: { $lte: maxQuantity - line.quantity } },
            },
          },
          {
            $inc: { 'lines.$.quantity': line.quantity },
            $set: { 'lines.$.name': line.name, updatedAt: at },
          },
        );
        if (raised.matchedCount === 1) return true;
        // A new line, while the tool is not on the list and the list has room.
        if (line.quantity <= maxQuantity) {
          const pushed = await lists.updateOne(
            {
              ...owned,
              'lines.toolId': { $ne: toolId },
              [`lines.${maxLines - 1}`]: { $exists: false },
            },
            {
              $push: { lines: { toolId, name: line.name, quantity: line.quantity, addedAt: at } },
              $set: { updatedAt: at },
            },
          );
          if (pushed.matchedCount === 1) return true;
        }
        // Neither matched: say why, or try again if the list changed in between.
        const doc = await lists.findOne(owned, { projection: { lines: 1 } });
        if (!doc) return false;
        const had = doc.lines.find((l) => l.toolId.equals(toolId));
        if (had) {
          if (had.quantity + line.quantity > maxQuantity) return 'TOO_MUCH';
        } else {
          if (line.quantity > maxQuantity) return 'TOO_MUCH';
          if (doc.lines.length >= maxLines) return 'TOO_MANY_LINES';
        }
      }
      throw new Error('The saved list kept changing while a line was added');
    },
    async setLine(id, ownerEmail, toolId, quantity, now) {
      const oid = toObjectId(id);
      const tool = toObjectId(toolId);
      if (!oid || !tool) return false;
      const result = await lists.updateOne(
        { _id: oid, ownerEmail: ownerEmail.toLowerCase(), 'lines.toolId': tool },
        { $set: { 'lines.$.quantity': quantity, updatedAt: new Date(now) } },
      );
      return result.matchedCount === 1;
    },
    async removeLine(id, ownerEmail, toolId, now) {
      const oid = toObjectId(id);
      const tool = toObjectId(toolId);
      if (!oid || !tool) return false;
      const result = await lists.updateOne(
        { _id: oid, ownerEmail: ownerEmail.toLowerCase(), 'lines.toolId': tool },
        { $pull: { lines: { toolId: tool } }, $set: { updatedAt: new Date(now) } },
      );
      return result.matchedCount === 1;
    },
  };
}
