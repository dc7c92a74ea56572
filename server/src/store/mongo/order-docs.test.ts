import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { toOrderRecord, type OrderDoc } from './order-docs.js';

/*
 * No MongoDB server runs here, but reading a stored document is a pure function: an order whose
 * lines predate SKUs must read as SQLite reads one (migration 016: the line has no `sku` when its
 * tool is gone), never as `sku: null` or a failure.
 */
const toolId = new ObjectId();
const line = {
  toolId,
  name: 'Claw Hammer',
  unitPriceCents: 1500,
  quantity: 10,
  lineTotalCents: 15000,
};
const doc = (items: OrderDoc['items']): OrderDoc => ({
  _id: new ObjectId(),
  number: 100_001,
  status: 'paid',
  items,
  toolId,
  name: 'Claw Hammer',
  unitPriceCents: 1500,
  priceCents: 15000,
  quantity: 10,
  userName: 'Old Buyer',
  userEmail: 'old@example.com',
  userPhone: '+1 555 0100',
  userAddress: '1 Mill Road',
  isPaid: true,
  paymentMethod: 'card',
  iscancelled: false,
  createdAt: new Date('2026-01-05T10:00:00Z'),
});

describe('reading MongoDB order lines', () => {
  it('when a line was written before SKUs (no sku, or null), then it reads without one', () => {
    const record = toOrderRecord(doc([line, { ...line, sku: null }]));
    expect(record.items).toHaveLength(2);
    for (const item of record.items) {
      expect(item).toEqual({
        toolId: toolId.toHexString(),
        name: 'Claw Hammer',
        unitPriceCents: 1500,
        quantity: 10,
        lineTotalCents: 15000,
      });
      expect('sku' in item).toBe(false);
    }
  });

  it('when a line has its SKU, then it reads with it', () => {
    expect(toOrderRecord(doc([{ ...line, sku: 'HT-HMR-16' }])).items[0]?.sku).toBe('HT-HMR-16');
  });
});
