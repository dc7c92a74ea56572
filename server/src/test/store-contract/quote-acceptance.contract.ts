import { expect, it } from 'vitest';
import type { NewOrderInput, QuoteRecord } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const BUYER = 'quote.buyer@example.com';
const VALID_UNTIL = '2030-01-31';
const TODAY = '2030-01-15';

/** The order a buyer's acceptance places: the quote's lines at the prices of the offer read. */
function acceptance(quote: QuoteRecord): NewOrderInput {
  const [first] = quote.items;
  return {
    ...buildOrderInput(first!.toolId, { userEmail: BUYER }),
    lines: quote.items.map((line) => ({
      toolId: line.toolId,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents!,
    })),
    quote: { id: quote._id, number: quote.number, version: quote.version, today: TODAY },
  };
}

const totalOf = (quote: QuoteRecord) =>
  quote.items.reduce((sum, line) => sum + line.quantity * line.unitPriceCents!, 0);

/** Issue 23: an acceptance holds only for the offer the buyer saw, and happens at most once. */
export function quoteAcceptanceContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  const offeredQuote = async (unitPriceCents = 1000) => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 1000 }));
    const quote = await store().quotes.create({
      items: [{ toolId: tool._id, name: tool.name, quantity: 40, listUnitPriceCents: 1200 }],
      userName: 'Quote Buyer',
      userEmail: BUYER,
      userPhone: '+1 555 0100',
      userAddress: '1 Mill Road, Leeds',
      message: '',
    });
    const offered = await store().quotes.offer(quote._id, {
      unitPrices: { [tool._id]: unitPriceCents },
      validUntil: VALID_UNTIL,
    });
    if (typeof offered === 'string') throw new Error(offered);
    return { tool, quote: offered };
  };

  it('when an offer is made again, then the version moves and an acceptance of the old one places nothing', async () => {
    const { tool, quote } = await offeredQuote(1000);
    const reoffered = await store().quotes.offer(quote._id, {
      unitPrices: { [tool._id]: 40_000 },
      validUntil: VALID_UNTIL,
    });
    expect(reoffered).toMatchObject({ version: quote.version + 1 });
    expect(await store().orders.place(acceptance(quote))).toEqual({
      ok: false,
      reason: 'QUOTE_CHANGED',
    });
    expect(await store().orders.listByEmail(BUYER)).toEqual([]);
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(1000);
    expect(await store().quotes.get(quote._id)).toMatchObject({ status: 'offered' });
  });

  it('when the offer ended before today, then accepting it places nothing', async () => {
    const { quote } = await offeredQuote();
    const late = acceptance(quote);
    late.quote = { ...late.quote!, today: '2030-02-01' };
    expect(await store().orders.place(late)).toEqual({ ok: false, reason: 'QUOTE_CHANGED' });
    expect(await store().orders.listByEmail(BUYER)).toEqual([]);
  });

  it('when the stock is short, then the quote stays offered and nothing is reserved', async () => {
    const { tool, quote } = await offeredQuote();
    await store().tools.update(tool._id, { ...buildTool(), availableQuantity: 10 });
    expect(await store().orders.place(acceptance(quote))).toMatchObject({
      ok: false,
      reason: 'OUT_OF_STOCK',
    });
    expect(await store().quotes.get(quote._id)).toMatchObject({ status: 'offered' });
    expect(await store().orders.listByEmail(BUYER)).toEqual([]);
  });

  it.each(['the acceptance', 'the re-offer'])(
    'when a re-offer races an acceptance (%s sent first), then an accepted quote has its offer total and one order at most',
    async (first) => {
      for (let round = 0; round < 5; round++) {
        const { tool, quote } = await offeredQuote(1000);
        const accept = () => store().orders.place(acceptance(quote));
        const reoffer = () =>
          store().quotes.offer(quote._id, {
            unitPrices: { [tool._id]: 40_000 },
            validUntil: VALID_UNTIL,
          });
        const [placed, offered] =
          first === 'the acceptance'
            ? await Promise.all([accept(), reoffer()])
            : await Promise.all([reoffer(), accept()]).then(([o, p]) => [p, o] as const);
        const after = (await store().quotes.get(quote._id))!;
        const orders = (await store().orders.listByEmail(BUYER)).filter((order) =>
          order.items.some((line) => line.toolId === tool._id),
        );
        if (after.status === 'accepted') {
          expect(placed).toMatchObject({ ok: true });
          expect(offered).toBe('WRONG_STATUS');
          expect(orders).toHaveLength(1);
          expect(orders[0]).toMatchObject({ _id: after.orderId, priceCents: totalOf(after) });
          expect(orders[0]!.priceCents).toBe(totalOf(quote));
        } else {
          expect(placed).toEqual({ ok: false, reason: 'QUOTE_CHANGED' });
          expect(after).toMatchObject({ status: 'offered', version: quote.version + 1 });
          expect(orders).toEqual([]);
          expect((await store().tools.get(tool._id))?.availableQuantity).toBe(1000);
        }
      }
    },
  );

  it('when the same offer is accepted twice at once, then exactly one order exists and no cancelled one', async () => {
    const { tool, quote } = await offeredQuote(1000);
    const results = await Promise.all([
      store().orders.place(acceptance(quote)),
      store().orders.place(acceptance(quote)),
      store().orders.place(acceptance(quote)),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, reason: 'QUOTE_CHANGED' },
      { ok: false, reason: 'QUOTE_CHANGED' },
    ]);
    const orders = await store().orders.listByEmail(BUYER);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'unpaid', priceCents: 40_000 });
    // The order answered is the one stored, its quote's number included.
    expect(results.find((r) => r.ok)).toEqual({ ok: true, order: orders[0] });
    expect(await store().quotes.get(quote._id)).toMatchObject({
      status: 'accepted',
      orderId: orders[0]!._id,
    });
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(960);
  });
}
