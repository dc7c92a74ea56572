import { expect, it } from 'vitest';
import type { NewQuoteInput } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const tiers = [
  { minQuantity: 50, priceCents: 1190 },
  { minQuantity: 200, priceCents: 1075 },
];

const quoteInput = (toolId: string, overrides: Partial<NewQuoteInput> = {}): NewQuoteInput => ({
  items: [{ toolId, name: 'Quoted Drill', quantity: 300, listUnitPriceCents: 1075 }],
  userName: 'Trade Buyer',
  userEmail: 'Trade.Buyer@Example.com',
  userPhone: '+1 555 0100',
  userAddress: '1 Mill Road, Leeds',
  message: 'For June.',
  ...overrides,
});

/** Volume prices on tools and orders, and the life of a quote. */
export function tradeContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  it('when a tool has tiers, then they read back; an update without tiers keeps them', async () => {
    const tool = await store().tools.create(buildTool({ priceCents: 1250, priceTiers: tiers }));
    expect((await store().tools.get(tool._id))?.priceTiers).toEqual(tiers);
    expect((await store().tools.create(buildTool())).priceTiers).toEqual([]);
    const kept = await store().tools.update(tool._id, buildTool({ priceCents: 1250 }));
    expect(kept).toMatchObject({ priceTiers: tiers });
    const cleared = await store().tools.update(tool._id, buildTool({ priceTiers: [] }));
    expect(cleared).toMatchObject({ priceTiers: [] });
  });

  it.each([
    [49, 1250],
    [50, 1190],
    [199, 1190],
    [200, 1075],
  ])('when %i units are placed, then each is priced %i cents from the tiers', async (q, cents) => {
    const tool = await store().tools.create(
      buildTool({ priceCents: 1250, minimumOrderQuantity: 10, priceTiers: tiers }),
    );
    const result = await store().orders.place(buildOrderInput(tool._id, { quantity: q }));
    expect(result).toMatchObject({
      ok: true,
      order: { unitPriceCents: cents, priceCents: q * cents },
    });
  });

  it("when an order carries a quoted unit price, then it is used instead of the tool's", async () => {
    const tool = await store().tools.create(buildTool({ priceCents: 1250, priceTiers: tiers }));
    const result = await store().orders.place(
      buildOrderInput(tool._id, { quantity: 300, unitPriceCents: 950 }),
    );
    expect(result).toMatchObject({ ok: true, order: { unitPriceCents: 950, priceCents: 285_000 } });
  });

  it('when quotes are created, then they are numbered from 100001 and listed newest first', async () => {
    const first = await store().quotes.create(quoteInput('0123456789abcdef01234567'));
    const second = await store().quotes.create(
      quoteInput('0123456789abcdef01234567', { requestedDeliveryDate: '2030-06-30' }),
    );
    expect(first).toMatchObject({
      number: 100001,
      status: 'requested',
      userEmail: 'trade.buyer@example.com',
    });
    expect(first.requestedDeliveryDate).toBeUndefined();
    expect(second).toMatchObject({ number: 100002, requestedDeliveryDate: '2030-06-30' });
    expect(await store().quotes.get(first._id)).toEqual(first);
    const mine = await store().quotes.listByEmail('trade.buyer@example.com');
    expect(mine.map((q) => q.number)).toEqual([100002, 100001]);
    expect((await store().quotes.list('requested')).length).toBe(2);
    expect(await store().quotes.list('offered')).toEqual([]);
  });

  it('when a quote is offered, declined and accepted, then each step holds only from the right status', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 1000 }));
    const toolId = tool._id;
    const quote = await store().quotes.create(quoteInput(toolId));
    expect(quote.version).toBe(0);

    const offered = await store().quotes.offer(quote._id, {
      unitPrices: { [toolId]: 950 },
      validUntil: '2030-01-31',
      note: 'Ships in two lots.',
    });
    expect(offered).toMatchObject({
      status: 'offered',
      validUntil: '2030-01-31',
      version: 1,
      offerNote: 'Ships in two lots.',
      items: [{ toolId, unitPriceCents: 950, listUnitPriceCents: 1075 }],
    });
    const placed = await store().orders.place(
      buildOrderInput(toolId, {
        quantity: 300,
        unitPriceCents: 950,
        quote: { id: quote._id, number: quote.number, version: 1, today: '2030-01-31' },
      }),
    );
    if (!placed.ok) throw new Error(`not placed: ${placed.reason}`);
    expect(placed.order).toMatchObject({ priceCents: 285_000, quoteNumber: quote.number });
    expect(await store().orders.get(placed.order._id)).toMatchObject({
      quoteNumber: quote.number,
    });
    expect(await store().quotes.get(quote._id)).toMatchObject({
      status: 'accepted',
      orderId: placed.order._id,
    });
    expect(await store().quotes.decline(quote._id, 'Too late')).toBe('WRONG_STATUS');
    expect(
      await store().quotes.offer(quote._id, {
        unitPrices: { [toolId]: 1 },
        validUntil: '2030-01-31',
      }),
    ).toBe('WRONG_STATUS');

    const other = await store().quotes.create(quoteInput(toolId));
    expect(await store().quotes.decline(other._id, 'Cannot make them')).toMatchObject({
      status: 'declined',
      declineReason: 'Cannot make them',
    });
    expect(
      await store().quotes.offer(other._id, {
        unitPrices: { [toolId]: 900 },
        validUntil: '2030-01-31',
      }),
    ).toBe('WRONG_STATUS');
    expect(
      await store().quotes.offer('0123456789abcdef0123ffff', {
        unitPrices: {},
        validUntil: '2030-01-31',
      }),
    ).toBe('NOT_FOUND');
    expect(await store().quotes.get('0123456789abcdef0123ffff')).toBeNull();
  });
}
