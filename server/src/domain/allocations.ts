import type { Allocation, IncomingBatch } from '@toolworks/contract/availability';

/**
 * The arithmetic both adapters do inside an order's write: where a line's units come from, and
 * the tool's batches after holding or returning them. Pure: the adapter reads the tool, calls
 * these and writes the answer back under its own lock (SQLite's write queue, MongoDB's
 * transaction with the batches read as the update's condition).
 */

/** Units of a line taken from the shelf (the whole line when placed before backorders). */
export function fromStock(line: { quantity: number; allocations?: Allocation[] }): number {
  if (!line.allocations) return line.quantity;
  return line.allocations
    .filter((part) => part.from === 'stock')
    .reduce((sum, part) => sum + part.quantity, 0);
}

/** The batches with each batch part held (`sign` 1) or returned (`sign` -1). */
export function moveBatches(
  batches: readonly IncomingBatch[],
  allocations: readonly Allocation[] | undefined,
  sign: 1 | -1,
): IncomingBatch[] | null {
  const next = batches.map((batch) => ({ ...batch }));
  for (const part of allocations ?? []) {
    if (part.from !== 'batch') continue;
    const batch = next.find((b) => b.expectedDate === part.batch);
    if (!batch) {
      // Returning to a batch the admin has since removed (it could not be while promised): nothing.
      if (sign === -1) continue;
      return null;
    }
    const promised = batch.promised + sign * part.quantity;
    if (promised > batch.quantity) return null;
    batch.promised = Math.max(0, promised);
  }
  return next;
}

/** Whether any part of the line is held against a batch. */
export const holdsBatches = (allocations: readonly Allocation[] | undefined) =>
  (allocations ?? []).some((part) => part.from === 'batch');
