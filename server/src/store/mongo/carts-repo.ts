import type { Collection, ObjectId } from 'mongodb';
import type { CartsRepo } from '../store.js';
import { toObjectId } from './ids.js';
import { toToolRecord, type ToolDoc } from './tools-repo.js';

/** One document per cart line; (userEmail, toolId) is unique. */
export interface CartItemDoc {
  userEmail: string;
  toolId: ObjectId;
  quantity: number;
  createdAt: Date;
  updatedAt: Date;
}

export function mongoCartsRepo(
  carts: Collection<CartItemDoc>,
  tools: Collection<ToolDoc>,
): CartsRepo {
  return {
    async get(email) {
      const lines = await carts
        .find({ userEmail: email.toLowerCase() })
        .sort({ createdAt: 1 })
        .toArray();
      if (lines.length === 0) return [];
      const found = await tools.find({ _id: { $in: lines.map((l) => l.toolId) } }).toArray();
      const byId = new Map(found.map((t) => [t._id.toHexString(), t]));
      // A tool deleted since is simply not in the cart any more.
      return lines.flatMap((line) => {
        const tool = byId.get(line.toolId.toHexString());
        return tool ? [{ tool: toToolRecord(tool), quantity: line.quantity }] : [];
      });
    },
    async set(email, toolId, quantity, now) {
      const oid = toObjectId(toolId);
      if (!oid) return;
      const at = new Date(now);
      await carts.updateOne(
        { userEmail: email.toLowerCase(), toolId: oid },
        { $set: { quantity, updatedAt: at }, $setOnInsert: { createdAt: at } },
        { upsert: true },
      );
    },
    async remove(email, toolId) {
      const oid = toObjectId(toolId);
      if (oid) await carts.deleteOne({ userEmail: email.toLowerCase(), toolId: oid });
    },
    async clear(email) {
      await carts.deleteMany({ userEmail: email.toLowerCase() });
    },
  };
}
