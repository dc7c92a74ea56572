import { describe, expect, it } from 'vitest';
import { ToolSchema } from '@toolworks/contract/tools';
import type { LinePricing } from '../../domain/order-lines.js';
import type { PricingList } from '../../domain/pricing.js';
import { toToolWire } from './tools.service.js';
import { withContractPrices } from './member-prices.js';

const list: PricingList = {
  id: 'aaaaaaaaaaaaaaaaaaaaaa01',
  name: 'Distributor',
  currency: 'USD',
  validFrom: null,
  validTo: '2026-12-31',
  parentId: null,
  versions: [
    {
      startsOn: null,
      rules: [
        {
          type: 'fixed',
          sku: 'mp-bit-1',
          priceCents: 790,
          breaks: [{ minQuantity: 100, priceCents: 750 }],
          minimumOrderQuantity: 20,
          orderMultiple: null,
        },
      ],
    },
  ],
};
const member: LinePricing = {
  currency: 'USD',
  buyer: { policy: 'lowest', listIds: [list.id], lists: new Map([[list.id, list]]) },
};
const wire = (sku: string, priceCents: number) =>
  JSON.stringify(
    toToolWire({
      name: 'Bit Set',
      img: '/images/tools/bits.svg',
      description: 'Bits.',
      priceCents,
      availableQuantity: 100,
      minimumOrderQuantity: 10,
      _id: 'bbbbbbbbbbbbbbbbbbbbbb01',
      sku,
      category: 'other',
      specs: [],
      ratingSum: 0,
      ratingCount: 0,
      priceTiers: [{ minQuantity: 50, priceCents: priceCents - 50 }],
      images: [],
      leadTimeDays: null,
      allowBackorders: false,
      incomingStock: [],
      unit: 'C62',
      packSize: 1,
      orderMultiple: 1,
      priceBasis: 1,
      taxClass: 'standard',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    }),
  );

describe('withContractPrices', () => {
  it.each([
    [
      'a fixed line for the SKU (any case), in force',
      'MP-BIT-1',
      '2026-06-01',
      {
        price: 7.9,
        priceTiers: [{ minQuantity: 100, price: 7.5 }],
        priceListName: 'Distributor',
        listPrice: 12.4,
        minimumOrderQuantity: 20,
        orderMultiple: 1,
      },
    ],
    ['no line for the SKU', 'MP-HMR-1', '2026-06-01', null],
    ['the list past its validity', 'MP-BIT-1', '2027-01-01', null],
  ])('when %s, then the tool gets that contract price', async (_label, sku, day, expected) => {
    const asked: string[][] = [];
    const [text] = await withContractPrices(
      [wire(sku, 1240)],
      async (skus) => {
        asked.push(skus);
        return member;
      },
      day,
    );
    const tool = ToolSchema.parse(JSON.parse(text as string));
    expect(tool.contractPrice).toEqual(expected);
    expect(tool.price).toBe(12.4);
    expect(asked).toEqual([[sku]]);
  });

  it('when the buyer has no lists, then every tool says null', async () => {
    const [text] = await withContractPrices(
      [wire('MP-BIT-1', 1240)],
      async () => ({ currency: 'USD' }),
      '2026-06-01',
    );
    expect(JSON.parse(text as string).contractPrice).toBeNull();
  });
});
