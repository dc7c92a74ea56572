import { beforeEach, expect, it } from 'vitest';
import { EU_VAT_RATES } from '../../domain/eu-vat-rates.js';
import { EU_DISTANCE_SALE_RULES, type OrderTaxContext } from '../../domain/order-tax.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const GERMAN_SELLER = { country: 'DE', vatId: 'DE136695976' };
const rates = { eu: EU_VAT_RATES, usNexus: {}, singleRatePercent: 0 };
const noSales = { yearBeforeCents: 0, previousYearCents: 0 };

const consumerIn = (country: string): OrderTaxContext => ({
  seller: GERMAN_SELLER,
  shipTo: { country },
  buyer: { kind: 'consumer' },
  rates,
  euDistanceSales: noSales,
});

const verifiedCompany: OrderTaxContext = {
  seller: GERMAN_SELLER,
  shipTo: { country: 'FR' },
  buyer: { kind: 'business', vatId: 'FR40303265045', vatIdStatus: 'valid' },
  rates,
  euDistanceSales: noSales,
};

const YEAR = ['2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'] as const;

/** Issue 51: each line's tax kept as placed, and the ledger the threshold and reports read. */
export function orderTaxContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  let standard: string;
  let reduced: string;
  // Each test has a fresh store: its tools are made in it.
  beforeEach(async () => {
    standard = (await store().tools.create(buildTool({ priceCents: 2500 })))._id;
    reduced = (await store().tools.create(buildTool({ priceCents: 1000, taxClass: 'reduced' })))
      ._id;
  });

  const place = async (tax: OrderTaxContext, now = '2026-06-01T10:00:00.000Z') => {
    const placed = await store().orders.place(
      buildOrderInput(standard, {
        lines: [
          { toolId: standard, quantity: 10 },
          { toolId: reduced, quantity: 10 },
        ],
        tax,
        now,
        expiresAt: '2999-01-01T00:00:00.000Z',
      }),
    );
    if (!placed.ok) throw new Error(`not placed: ${placed.reason}`);
    return placed.order;
  };

  it('when an order is placed with a tax context, then each line keeps its rate, category and tax, and the total adds the tax to the net prices', async () => {
    const order = await place(consumerIn('DE'));
    expect(order.items.map((line) => line.tax)).toEqual([
      { ratePercent: 19, category: 'S', rule: 'domestic', cents: 4750 },
      { ratePercent: 7, category: 'S', rule: 'domestic', cents: 700 },
    ]);
    expect(order.priceCents).toBe(25_000 + 10_000 + 5450);
    expect(order.tax).toEqual({ cents: 5450, pricesIncludeTax: false, shipToCountry: 'DE' });
    expect(await store().orders.get(order._id)).toEqual(order);
  });

  it('when a verified company is supplied in another member state, then 0% K with the reason and the buyer VAT ID kept', async () => {
    const order = await place(verifiedCompany);
    expect(order.items[0]?.tax).toEqual({
      ratePercent: 0,
      category: 'K',
      reason: 'Intra-Community supply',
      vatex: 'VATEX-EU-IC',
      rule: 'eu-intra-community-supply',
      cents: 0,
    });
    expect(order.tax?.buyerVatId).toBe('FR40303265045');
    expect(order.priceCents).toBe(35_000);
    expect(await store().orders.get(order._id)).toEqual(order);
  });

  it('when orders are sold, unpaid or cancelled, then the ledger counts the sold ones only, in their year', async () => {
    const paid = await place(consumerIn('FR'));
    await store().orders.markPaid(paid._id, 'pi_ledger');
    await place(consumerIn('FR')); // unpaid: not a sale yet
    const cancelled = await place(consumerIn('FR'));
    await store().orders.cancelUnpaid(cancelled._id, '2026-06-01T11:00:00.000Z');
    const nextYear = await place(consumerIn('FR'), '2027-02-01T10:00:00.000Z');
    await store().orders.markPaid(nextYear._id, 'pi_next_year');
    expect(await store().taxLedger.netCentsUnder(EU_DISTANCE_SALE_RULES, ...YEAR)).toBe(35_000);
    const lines = await store().taxLedger.linesBetween(...YEAR);
    const ofPaid = lines.filter((line) => line.orderId === paid._id);
    expect(ofPaid).toEqual([
      expect.objectContaining({
        orderNumber: paid.number,
        shipToCountry: 'FR',
        netCents: 25_000,
        tax: expect.objectContaining({ ratePercent: 19, rule: 'eu-distance-sale-origin' }),
      }),
      expect.objectContaining({ netCents: 10_000 }),
    ]);
    expect(lines.some((line) => line.orderId === nextYear._id)).toBe(false);
  });
}
