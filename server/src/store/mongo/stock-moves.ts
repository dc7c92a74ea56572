import type { ClientSession, Collection, ObjectId } from 'mongodb';
import type { Allocation } from '@toolworks/contract/availability';
import { fromStock, holdsBatches, moveBatches } from '../../domain/allocations.js';
import type { ToolDoc } from './tools-repo.js';

interface Line {
  toolId: ObjectId;
  quantity: number;
  allocations?: Allocation[];
}

/**
 * Holding and returning a line's units, in the caller's transaction: the stock by a conditional
 * `$inc`, the batches by writing the array back with the one read as the condition (a racing
 * order that changed it makes this match nothing, and the line is short). The same arithmetic
 * as SQLite's (domain/allocations.ts).
 */
export function mongoStockMoves(tools: Collection<ToolDoc>) {
  return {
    /** Holds the line's units; false when the stock or a batch no longer has them. */
    async take(line: Line, session: ClientSession): Promise<boolean> {
      const stock = fromStock(line);
      if (!holdsBatches(line.allocations)) {
        const taken = await tools.updateOne(
          { _id: line.toolId, availableQuantity: { $gte: stock } },
          { $inc: { availableQuantity: -stock } },
          { session },
        );
        return taken.matchedCount === 1;
      }
      const doc = await tools.findOne({ _id: line.toolId }, { session });
      const stored = doc?.incomingStock;
      const next = stored && moveBatches(stored, line.allocations, 1);
      if (!next) return false;
      const taken = await tools.updateOne(
        { _id: line.toolId, availableQuantity: { $gte: stock }, incomingStock: stored },
        { $inc: { availableQuantity: -stock }, $set: { incomingStock: next } },
        { session },
      );
      return taken.matchedCount === 1;
    },
    /** Gives the line's units back: to the shelf and to the batches they were promised from. */
    async give(line: Line, session: ClientSession): Promise<void> {
      const stock = fromStock(line);
      if (!holdsBatches(line.allocations)) {
        await tools.updateOne(
          { _id: line.toolId },
          { $inc: { availableQuantity: stock } },
          { session },
        );
        return;
      }
      const doc = await tools.findOne({ _id: line.toolId }, { session });
      const next = moveBatches(doc?.incomingStock ?? [], line.allocations, -1) ?? [];
      // In the transaction: a write racing this one is a write conflict, and the whole retries.
      await tools.updateOne(
        { _id: line.toolId },
        { $inc: { availableQuantity: stock }, $set: { incomingStock: next } },
        { session },
      );
    },
  };
}
