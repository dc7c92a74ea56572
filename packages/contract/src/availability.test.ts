import { describe, expect, it } from 'vitest';
import {
  allocate,
  availableToPromise,
  describeAvailability,
  describeShipments,
  incomingStockSchema,
  maxOrderable,
  type StockPlan,
} from './availability.js';

const today = '2027-03-01';
const plan = (over: Partial<StockPlan> = {}): StockPlan => ({
  availableQuantity: 1200,
  allowBackorders: true,
  leadTimeDays: 21,
  incomingStock: [{ quantity: 1000, expectedDate: '2027-03-12', promised: 200 }],
  ...over,
});

describe('availableToPromise', () => {
  it('when stock, a batch partly promised and a lead time, then says each part', () => {
    const atp = availableToPromise(plan(), today);
    expect(describeAvailability(atp, today)).toBe(
      '1,200 ship today; 800 more ship from 12 March; the rest ship by 22 March',
    );
    expect(maxOrderable(atp)).toBe(Number.POSITIVE_INFINITY);
  });

  it('when backorders are not allowed, then only the stock is promised', () => {
    const atp = availableToPromise(plan({ allowBackorders: false }), today);
    expect(describeAvailability(atp, today)).toBe('1,200 ship today');
    expect(maxOrderable(atp)).toBe(1200);
  });

  it('when no lead time, then batches bound what can be promised, soonest first', () => {
    const atp = availableToPromise(
      plan({
        availableQuantity: 0,
        leadTimeDays: null,
        incomingStock: [
          { quantity: 50, expectedDate: '2028-01-05', promised: 0 },
          { quantity: 30, expectedDate: '2027-04-02', promised: 30 },
          { quantity: 20, expectedDate: '2027-03-20', promised: 5 },
        ],
      }),
      today,
    );
    expect(describeAvailability(atp, today)).toBe(
      '15 ship from 20 March; 50 more ship from 5 January 2028',
    );
    expect(maxOrderable(atp)).toBe(65);
  });

  it('when a batch is overdue, then it is promised from today', () => {
    const atp = availableToPromise(
      plan({ incomingStock: [{ quantity: 10, expectedDate: '2027-02-01', promised: 0 }] }),
      today,
    );
    expect(atp.batches).toEqual([{ quantity: 10, date: today, batch: '2027-02-01' }]);
  });

  it('when nothing can be had, then it says sold out', () => {
    expect(
      describeAvailability(
        availableToPromise(
          plan({ availableQuantity: 0, leadTimeDays: null, incomingStock: [] }),
          today,
        ),
        today,
      ),
    ).toBe('Sold out');
  });
});

describe('allocate', () => {
  it('when the order goes beyond stock, then stock, the batch, then the lead time', () => {
    expect(allocate(plan(), 2500, today)).toEqual([
      { quantity: 1200, from: 'stock', shipDate: today },
      { quantity: 800, from: 'batch', shipDate: '2027-03-12', batch: '2027-03-12' },
      { quantity: 500, from: 'lead', shipDate: '2027-03-22' },
    ]);
  });

  it('when within stock, then one part shipping today', () => {
    expect(allocate(plan(), 5, today)).toEqual([{ quantity: 5, from: 'stock', shipDate: today }]);
  });

  it('when more than stock and batches hold without a lead time, then null', () => {
    expect(allocate(plan({ leadTimeDays: null }), 2001, today)).toBeNull();
    expect(allocate(plan({ allowBackorders: false }), 1201, today)).toBeNull();
  });
});

describe('incomingStockSchema', () => {
  it('when two batches share a day or a quantity is not positive, then refused', () => {
    const same = incomingStockSchema.safeParse([
      { quantity: 1, expectedDate: '2027-03-01' },
      { quantity: 2, expectedDate: '2027-03-01' },
    ]);
    expect(same.success).toBe(false);
    expect(
      incomingStockSchema.safeParse([{ quantity: 0, expectedDate: '2027-03-01' }]).success,
    ).toBe(false);
    expect(
      incomingStockSchema.safeParse([{ quantity: 1, expectedDate: '2027-02-30' }]).success,
    ).toBe(false);
  });
});

describe('describeShipments', () => {
  it('when split, then names what ships now and the promised day', () => {
    expect(
      describeShipments(
        [
          { quantity: 300, shipDate: today, backordered: false },
          { quantity: 200, shipDate: '2027-03-12', backordered: true },
        ],
        today,
      ),
    ).toBe('300 ship now; 200 backordered, ship from 12 March');
  });
});
