import { describe, expect, it } from 'vitest';
import type { Allocation } from '@toolworks/contract/availability';
import { receiveBatch, type Holder } from './batch-receipt.js';

const TODAY = '2026-12-15';
const B1 = '2026-12-15';
const B2 = '2026-12-22';
const batchPart = (quantity: number, batch = B1): Allocation => ({
  quantity,
  from: 'batch',
  shipDate: batch,
  batch,
});
const holder = (orderId: string, ...allocations: Allocation[]): Holder => ({
  orderId,
  lineNo: 0,
  allocations,
});

describe('receiveBatch', () => {
  const older = holder('o1', { quantity: 6, from: 'stock', shipDate: '2026-12-01' }, batchPart(4));
  const newer = holder('o2', batchPart(5));

  it('when the whole batch arrives, then every promise is served and the rest goes on the shelf', () => {
    const result = receiveBatch({
      batches: [{ expectedDate: B1, quantity: 12, promised: 9 }],
      leadTimeDays: null,
      expectedDate: B1,
      received: 12,
      holders: [older, newer],
      today: TODAY,
    });
    expect(result).toEqual({
      ok: true,
      lines: [
        {
          orderId: 'o1',
          lineNo: 0,
          allocations: [
            { quantity: 6, from: 'stock', shipDate: '2026-12-01' },
            { quantity: 4, from: 'stock', shipDate: TODAY },
          ],
        },
        {
          orderId: 'o2',
          lineNo: 0,
          allocations: [{ quantity: 5, from: 'stock', shipDate: TODAY }],
        },
      ],
      incomingStock: [],
      stockAdded: 3,
      served: 9,
      moves: [],
    });
  });

  it('when fewer arrive, then the oldest order is served first and the newer moves to the next batch', () => {
    const result = receiveBatch({
      batches: [
        { expectedDate: B1, quantity: 9, promised: 9 },
        { expectedDate: B2, quantity: 10, promised: 2 },
      ],
      leadTimeDays: 30,
      expectedDate: B1,
      received: 6,
      holders: [older, newer],
      today: TODAY,
    });
    if (!result.ok) throw new Error('expected a receipt');
    expect(result.lines[1]?.allocations).toEqual([
      { quantity: 2, from: 'stock', shipDate: TODAY },
      { quantity: 3, from: 'batch', shipDate: B2, batch: B2 },
    ]);
    expect(result.incomingStock).toEqual([{ expectedDate: B2, quantity: 10, promised: 5 }]);
    expect(result.moves).toEqual([{ orderId: 'o2', quantity: 3, from: B1, to: B2 }]);
    expect(result.stockAdded).toBe(0);
  });

  it('when no batch has room, then the unserved units move to the lead time', () => {
    const result = receiveBatch({
      batches: [{ expectedDate: B1, quantity: 9, promised: 9 }],
      leadTimeDays: 10,
      expectedDate: B1,
      received: 4,
      holders: [older, newer],
      today: TODAY,
    });
    if (!result.ok) throw new Error('expected a receipt');
    expect(result.lines[1]?.allocations).toEqual([
      { quantity: 5, from: 'lead', shipDate: '2026-12-25' },
    ]);
    expect(result.moves).toEqual([{ orderId: 'o2', quantity: 5, from: B1, to: '2026-12-25' }]);
  });

  it('when nothing can take the unserved units, then they stay on the batch and no date moves', () => {
    const result = receiveBatch({
      batches: [{ expectedDate: B1, quantity: 9, promised: 9 }],
      leadTimeDays: null,
      expectedDate: B1,
      received: 4,
      holders: [older, newer],
      today: TODAY,
    });
    if (!result.ok) throw new Error('expected a receipt');
    expect(result.incomingStock).toEqual([{ expectedDate: B1, quantity: 5, promised: 5 }]);
    expect(result.moves).toEqual([]);
    expect(result.lines[1]?.allocations).toEqual([batchPart(5)]);
  });

  it('when more arrive than promised, then the orders waiting on the lead time are served next', () => {
    const waiting = holder('o3', { quantity: 7, from: 'lead', shipDate: '2027-01-10' });
    const result = receiveBatch({
      batches: [{ expectedDate: B1, quantity: 5, promised: 5 }],
      leadTimeDays: 30,
      expectedDate: B1,
      received: 10,
      holders: [newer, waiting],
      today: TODAY,
    });
    if (!result.ok) throw new Error('expected a receipt');
    expect(result.lines[1]?.allocations).toEqual([
      { quantity: 5, from: 'stock', shipDate: TODAY },
      { quantity: 2, from: 'lead', shipDate: '2027-01-10' },
    ]);
    expect(result.stockAdded).toBe(0);
    expect(result.served).toBe(10);
  });

  it('when no batch is expected that day, then NO_SUCH_BATCH', () => {
    expect(
      receiveBatch({
        batches: [],
        leadTimeDays: null,
        expectedDate: B1,
        received: 1,
        holders: [],
        today: TODAY,
      }),
    ).toEqual({ ok: false, reason: 'NO_SUCH_BATCH' });
  });
});
