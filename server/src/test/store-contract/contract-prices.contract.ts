import { expect, it } from 'vitest';
import type { BuyerPricing, PricingList } from '../../domain/pricing.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const distributor = (priceCents: number): PricingList => ({
  id: 'aaaaaaaaaaaaaaaaaaaaaa01',
  name: 'Distributor',
  currency: 'usd',
  validFrom: null,
  validTo: null,
  parentId: null,
  versions: [
    {
      startsOn: null,
      rules: [
        {
          type: 'fixed',
          sku: 'CP-1',
          priceCents,
          breaks: [],
          minimumOrderQuantity: null,
          orderMultiple: null,
        },
      ],
    },
    { startsOn: '2026-01-01', rules: [{ type: 'all', percentOff: 10 }] },
  ],
});

const buyer = (list: PricingList): BuyerPricing => ({
  policy: 'lowest',
  listIds: [list.id],
  lists: new Map([[list.id, list]]),
});

export function contractPricesContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  it('when an order is placed at a contract price, then each line keeps the list, its version and its name as they were', async () => {
    const contract = await store().tools.create(
      buildTool({ sku: 'CP-1', priceCents: 1240, minimumOrderQuantity: 1 }),
    );
    const plain = await store().tools.create(buildTool({ sku: 'CP-2', priceCents: 500 }));
    const list = distributor(790);
    const placed = await store().orders.place({
      ...buildOrderInput(contract._id, { now: '2025-06-01T10:00:00.000Z' }),
      lines: [
        { toolId: contract._id, quantity: 2 },
        { toolId: plain._id, quantity: plain.minimumOrderQuantity },
      ],
      pricing: { currency: 'usd', buyer: buyer(list) },
    });
    if (!placed.ok) throw new Error(`expected an order, got ${placed.reason}`);
    const [first, second] = placed.order.items;
    expect(first).toMatchObject({
      unitPriceCents: 790,
      lineTotalCents: 1580,
      priceList: { listId: list.id, listName: 'Distributor', versionStartsOn: null },
    });
    // The list has no rule for CP-2 before 2026: the tool's own price, no list.
    expect(second).not.toHaveProperty('priceList');
    expect(await store().orders.get(placed.order._id)).toEqual(placed.order);

    // The list edited (renamed, repriced) after placing: the placed order is as it was.
    list.name = 'Distributor 2026';
    (list.versions[0]?.rules[0] as { priceCents: number }).priceCents = 100;
    expect(await store().orders.get(placed.order._id)).toEqual(placed.order);
  });

  it('when a future version of the list is in force on the day, then the line records that version', async () => {
    const tool = await store().tools.create(
      buildTool({ sku: 'CP-3', priceCents: 1000, minimumOrderQuantity: 1 }),
    );
    const placed = await store().orders.place({
      ...buildOrderInput(tool._id, { quantity: 1, now: '2026-02-01T10:00:00.000Z' }),
      pricing: { currency: 'usd', buyer: buyer(distributor(790)) },
    });
    if (!placed.ok) throw new Error(`expected an order, got ${placed.reason}`);
    expect(placed.order.items[0]).toMatchObject({
      unitPriceCents: 900,
      priceList: { listName: 'Distributor', versionStartsOn: '2026-01-01' },
    });
  });
}
