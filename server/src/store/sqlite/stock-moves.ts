import type Database from 'better-sqlite3';
import type { Allocation, IncomingBatch } from '@toolworks/contract/availability';
import { fromStock, moveBatches } from '../../domain/allocations.js';

interface Line {
  toolId: string;
  quantity: number;
  allocations?: Allocation[];
}

/**
 * Holding and returning a line's units: its stock part on the shelf, its batch parts against the
 * tool's incoming batches (a lead-time part holds nothing: more can always be made). Run inside
 * a write transaction, so what is read here is still true when written.
 */
export function sqliteStockMoves(db: Database.Database) {
  const takeStock = db.prepare(`UPDATE tools SET available_quantity = available_quantity - @q
    WHERE id = @id AND available_quantity >= @q`);
  const putStock = db.prepare(
    'UPDATE tools SET available_quantity = available_quantity + ? WHERE id = ?',
  );
  const batchesOf = db.prepare('SELECT incoming_stock FROM tools WHERE id = ?').pluck();
  const setBatches = db.prepare('UPDATE tools SET incoming_stock = ? WHERE id = ?');

  const moveBatchesOf = (line: Line, sign: 1 | -1): boolean => {
    if (!line.allocations?.some((part) => part.from === 'batch')) return true;
    const stored = batchesOf.get(line.toolId) as string | undefined;
    if (stored === undefined) return sign === -1;
    const next = moveBatches(JSON.parse(stored) as IncomingBatch[], line.allocations, sign);
    if (!next) return false;
    setBatches.run(JSON.stringify(next), line.toolId);
    return true;
  };

  return {
    /**
     * Holds the line's units; false (having written nothing for this line) when the stock or a
     * batch no longer has them. The caller rolls back the lines before it.
     */
    take(line: Line): boolean {
      const stock = fromStock(line);
      if (stock > 0 && takeStock.run({ id: line.toolId, q: stock }).changes === 0) return false;
      if (moveBatchesOf(line, 1)) return true;
      if (stock > 0) putStock.run(stock, line.toolId);
      return false;
    },
    /** Gives the line's units back: to the shelf and to the batches they were promised from. */
    give(line: Line): void {
      const stock = fromStock(line);
      if (stock > 0) putStock.run(stock, line.toolId);
      moveBatchesOf(line, -1);
    },
  };
}
