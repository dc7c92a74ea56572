import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { QuoteSchema } from '@toolworks/contract/quotes';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';

const shop = useSignedIn(useTestApp(testConfig({ MAX_UNPAID_ORDERS: '5' })), {
  buyer: { displayName: 'Trade Buyer' },
  other: { displayName: 'Olivia Other' },
  admin: { displayName: 'Ada Admin', admin: true },
});

const nextYear = new Date().getUTCFullYear() + 1;
const future = `${nextYear}-06-30`;
const as = (session: ShopSession, req: request.Test) => req.set('Authorization', session.bearer);

const tool = (overrides: Parameters<typeof buildTool>[0] = {}) =>
  shop.store.tools.create(
    buildTool({
      name: `Quote Drill ${Math.random().toString(36).slice(2, 7)}`,
      priceCents: 1250,
      minimumOrderQuantity: 10,
      availableQuantity: 500,
      priceTiers: [{ minQuantity: 100, priceCents: 1100 }],
      ...overrides,
    }),
  );

const requestQuote = (toolId: string, quantity = 400, session = shop.buyer, extra: object = {}) =>
  as(session, request(shop.app).post('/api/quotes')).send({
    items: [{ toolId, quantity }],
    requestedDeliveryDate: future,
    message: 'Need these for a site in June.',
    userPhone: '+1 555 0100',
    userAddress: '1 Mill Road, Leeds',
    ...extra,
  });

const offer = (id: string, toolId: string, unitPrice = 9.5, validUntil = future, extra = {}) =>
  as(shop.admin, request(shop.app).patch(`/api/quotes/${id}`)).send({
    items: [{ toolId, unitPrice }],
    validUntil,
    ...extra,
  });

/** Accepts the offer shown: by default the first one (version 1). */
const accept = (id: string, session = shop.buyer, shown: object = { version: 1 }) =>
  as(session, request(shop.app).post(`/api/quotes/${id}/accept`)).send(shown);

/** The buyer's orders of one tool, as My Orders lists them. */
const ordersOf = async (toolId: string, session = shop.buyer) => {
  const res = await as(session, request(shop.app).get(`/api/myOrders/${session.email}`)).expect(
    200,
  );
  return (res.body as { toolId: string; status: string; price: number }[]).filter(
    (order) => order.toolId === toolId,
  );
};

async function offeredQuote(quantity = 400) {
  const drill = await tool();
  const quote = (await requestQuote(drill._id, quantity).expect(201)).body;
  await offer(quote._id, drill._id).expect(200);
  return { drill, quote };
}

describe('POST /api/quotes', () => {
  it('when a buyer asks for more than the stock, then 201 requested, numbered, at list prices', async () => {
    const drill = await tool({ availableQuantity: 50 });
    const res = await requestQuote(drill._id, 400).expect(201);
    expect(QuoteSchema.parse(res.body)).toMatchObject({
      status: 'requested',
      number: expect.stringMatching(/^Q-1\d{5}$/),
      items: [{ toolId: drill._id, name: drill.name, quantity: 400, listUnitPrice: 11 }],
      requestedDeliveryDate: future,
      message: 'Need these for a site in June.',
      userEmail: shop.buyer.email,
    });
    const next = await requestQuote(drill._id, 400).expect(201);
    expect(Number(next.body.number.slice(2))).toBe(Number(res.body.number.slice(2)) + 1);
  });

  it('when the quantity is below the minimum, then 400 with the minimum and nothing stored', async () => {
    const drill = await tool();
    const res = await requestQuote(drill._id, 5).expect(400);
    expect(res.body.error.details).toEqual([
      { path: 'items.0.quantity', message: 'You have to purchase at least 10 products' },
    ]);
    expect(await shop.store.quotes.listByEmail(shop.buyer.email)).not.toContainEqual(
      expect.objectContaining({ items: [expect.objectContaining({ toolId: drill._id })] }),
    );
  });

  it('when the delivery date is past or a tool unknown, then 400 / 404', async () => {
    const drill = await tool();
    await requestQuote(drill._id, 20, shop.buyer, { requestedDeliveryDate: '2020-01-01' }).expect(
      400,
    );
    await requestQuote('0123456789abcdef01234567', 20).expect(404);
  });
});

describe('a quote from request to payment', () => {
  it('when requested, offered, accepted and paid with the test card, then the order is paid at the quoted price', async () => {
    const { drill, quote } = await offeredQuote(400);
    const mine = await as(shop.buyer, request(shop.app).get('/api/quotes/mine')).expect(200);
    expect(mine.body[0]).toMatchObject({
      _id: quote._id,
      status: 'offered',
      validUntil: future,
      total: 3800,
      items: [{ unitPrice: 9.5, listUnitPrice: 11 }],
    });

    const accepted = await accept(quote._id).expect(201);
    expect(accepted.body.quote).toMatchObject({ status: 'accepted' });
    expect(accepted.body.order).toMatchObject({ toolId: drill._id, quantity: 400, price: 3800 });
    expect(accepted.body.quote.orderId).toBe(accepted.body.order._id);
    expect((await shop.store.tools.get(drill._id))?.availableQuantity).toBe(100);

    const orderId = accepted.body.order._id as string;
    const intent = await as(shop.buyer, request(shop.app).post('/api/create-payment-intent'))
      .send({ orderId })
      .expect(200);
    await as(shop.buyer, request(shop.app).post('/api/payments/test/confirm'))
      .send({
        clientSecret: intent.body.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: nextYear % 100,
        cvc: '123',
        name: 'Trade Buyer',
      })
      .expect(200);
    expect(await shop.store.orders.get(orderId)).toMatchObject({
      isPaid: true,
      priceCents: 380_000,
    });
  });

  it('when accepted twice, then the second is 409 and only one order exists', async () => {
    const { drill, quote } = await offeredQuote(40);
    await accept(quote._id).expect(201);
    const again = await accept(quote._id).expect(409);
    expect(again.body.error.message).toBe('This quote was accepted already');
    expect((await shop.store.tools.get(drill._id))?.availableQuantity).toBe(460);
    expect(await ordersOf(drill._id)).toHaveLength(1);
  });

  it("when someone else accepts the buyer's quote, then 404 (403 for an admin) and it stays offered", async () => {
    const { quote } = await offeredQuote(40);
    await accept(quote._id, shop.other).expect(404);
    const byAdmin = await accept(quote._id, shop.admin).expect(403);
    expect(byAdmin.body.error.message).toBe('Only the buyer can accept this quote');
    expect((await shop.store.quotes.get(quote._id))?.status).toBe('offered');
  });

  it('when the offer has expired, then it reads expired and accepting is refused', async () => {
    const drill = await tool();
    const quote = (await requestQuote(drill._id, 40).expect(201)).body;
    // The API refuses a past date, so the clock is moved by writing a past validity directly.
    await shop.store.quotes.offer(quote._id, {
      unitPrices: { [drill._id]: 900 },
      validUntil: '2020-01-31',
    });
    const res = await accept(quote._id).expect(409);
    expect(res.body.error.message).toBe('This offer has expired: ask for a new quote');
    const mine = await as(shop.buyer, request(shop.app).get('/api/quotes/mine')).expect(200);
    expect(mine.body.find((q: { _id: string }) => q._id === quote._id).status).toBe('expired');
    const expired = await as(
      shop.admin,
      request(shop.app).get('/api/quotes?status=expired'),
    ).expect(200);
    expect(expired.body.map((q: { _id: string }) => q._id)).toContain(quote._id);
    expect((await shop.store.tools.get(drill._id))?.availableQuantity).toBe(500);
  });

  it('when the stock fell below the offer, then 409 OUT_OF_STOCK naming the line and the quote stays offered', async () => {
    const { drill, quote } = await offeredQuote(400);
    await shop.store.tools.update(drill._id, {
      ...buildTool(),
      name: drill.name,
      availableQuantity: 250,
    });
    const res = await accept(quote._id).expect(409);
    expect(res.body.error).toMatchObject({
      code: 'OUT_OF_STOCK',
      details: [{ toolId: drill._id, quantity: 400, availableQuantity: 250 }],
    });
    expect(res.body.error.message).toContain(`${drill.name}: 400 offered, 250 in stock`);
    expect((await shop.store.quotes.get(quote._id))?.status).toBe('offered');
    expect(await ordersOf(drill._id)).toEqual([]);
  });

  it('when a quote of two tools is accepted, then one order holds both lines at the quoted prices', async () => {
    const [drill, vise] = await Promise.all([tool(), tool()]);
    const quote = (
      await as(shop.buyer, request(shop.app).post('/api/quotes'))
        .send({
          items: [
            { toolId: drill._id, quantity: 40 },
            { toolId: vise._id, quantity: 120 },
          ],
          userPhone: '+1 555 0100',
          userAddress: '1 Mill Road, Leeds',
        })
        .expect(201)
    ).body;
    await as(shop.admin, request(shop.app).patch(`/api/quotes/${quote._id}`))
      .send({
        items: [
          { toolId: drill._id, unitPrice: 9.5 },
          { toolId: vise._id, unitPrice: 8 },
        ],
        validUntil: future,
      })
      .expect(200);
    const res = await accept(quote._id).expect(201);
    expect(res.body.order).toMatchObject({
      price: 40 * 9.5 + 120 * 8,
      items: [
        { toolId: drill._id, unitPrice: 9.5, quantity: 40, lineTotal: 380 },
        { toolId: vise._id, unitPrice: 8, quantity: 120, lineTotal: 960 },
      ],
    });
    expect((await shop.store.tools.get(drill._id))?.availableQuantity).toBe(460);
    expect((await shop.store.tools.get(vise._id))?.availableQuantity).toBe(380);
  });

  it('when the buyer already holds the most unpaid orders, then accepting is 409 and nothing is reserved', async () => {
    const busy = await signInToShop(shop.app, shop.store, { displayName: 'Busy Buyer' });
    const stock = await tool({ availableQuantity: 10_000 });
    for (let i = 0; i < 5; i++) {
      const placed = await shop.store.orders.place(
        buildOrderInput(stock._id, { userEmail: busy.email, quantity: 10 }),
      );
      expect(placed.ok).toBe(true);
    }
    const drill = await tool();
    const quote = (await requestQuote(drill._id, 40, busy).expect(201)).body;
    await offer(quote._id, drill._id).expect(200);
    const res = await accept(quote._id, busy).expect(409);
    expect(res.body.error.message).toMatch(/You have 5 unpaid orders/);
    expect((await shop.store.quotes.get(quote._id))?.status).toBe('offered');
    expect((await shop.store.tools.get(drill._id))?.availableQuantity).toBe(500);
  });

  it('when a quote has no offer yet, then accepting is 409', async () => {
    const drill = await tool();
    const quote = (await requestQuote(drill._id, 40).expect(201)).body;
    const res = await accept(quote._id).expect(409);
    expect(res.body.error.message).toBe('This quote has no offer yet');
  });
});

describe('PATCH /api/quotes/:id', () => {
  it('when declined with a reason, then the buyer sees it and it cannot be offered or accepted', async () => {
    const drill = await tool();
    const quote = (await requestQuote(drill._id, 40).expect(201)).body;
    const res = await as(shop.admin, request(shop.app).patch(`/api/quotes/${quote._id}`))
      .send({ decline: true, reason: 'We cannot make that many by June.' })
      .expect(200);
    expect(res.body).toMatchObject({
      status: 'declined',
      declineReason: 'We cannot make that many by June.',
    });
    await offer(quote._id, drill._id).expect(409);
    await accept(quote._id).expect(409);
  });

  it('when a line has no price, a foreign line a price, or the date is past, then 400', async () => {
    const drill = await tool();
    const quote = (await requestQuote(drill._id, 40).expect(201)).body;
    await offer(quote._id, '0123456789abcdef01234567').expect(400);
    await offer(quote._id, drill._id, 9.5, '2020-01-01').expect(400);
    await as(shop.admin, request(shop.app).patch(`/api/quotes/${quote._id}`))
      .send({ decline: true, reason: '  ' })
      .expect(400);
    expect((await shop.store.quotes.get(quote._id))?.status).toBe('requested');
  });

  it('when the admin lists requested quotes, then newest first, with only that status', async () => {
    const drill = await tool();
    const first = (await requestQuote(drill._id, 40).expect(201)).body;
    const second = (await requestQuote(drill._id, 50).expect(201)).body;
    const res = await as(shop.admin, request(shop.app).get('/api/quotes?status=requested')).expect(
      200,
    );
    const ids = res.body.map((q: { _id: string }) => q._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(res.body.every((q: { status: string }) => q.status === 'requested')).toBe(true);
    await as(shop.admin, request(shop.app).get('/api/quotes?status=lost')).expect(400);
  });
});

describe('accepting the offer the buyer saw (issue 23)', () => {
  it('when the offer was made again since the buyer saw it, then 409 PRICE_CHANGED with the new offer and no order', async () => {
    const { drill, quote } = await offeredQuote(40);
    await offer(quote._id, drill._id, 10_000).expect(200);
    const res = await accept(quote._id).expect(409);
    expect(res.body.error.code).toBe('PRICE_CHANGED');
    expect(res.body.error.message).toBe(
      `The offer changed since you saw it: it is now $400,000.00, valid until ${future}. Review the new offer and accept it if it suits you.`,
    );
    expect(res.body.error.details.quote).toMatchObject({ version: 2, total: 400_000 });
    expect(await ordersOf(drill._id)).toEqual([]);
    expect((await shop.store.tools.get(drill._id))?.availableQuantity).toBe(500);

    const byTotal = await accept(quote._id, shop.buyer, { expectedTotal: 380 }).expect(409);
    expect(byTotal.body.error.code).toBe('PRICE_CHANGED');
    const taken = await accept(quote._id, shop.buyer, { version: 2 }).expect(201);
    expect(taken.body.order.price).toBe(400_000);
  });

  it('when the buyer sends neither the version nor the total, then 400 in words and nothing placed', async () => {
    const { drill, quote } = await offeredQuote(40);
    const res = await accept(quote._id, shop.buyer, {}).expect(400);
    expect(res.body.error.message).toContain('Reload your quotes and accept the offer shown');
    expect(await ordersOf(drill._id)).toEqual([]);
  });

  it('when a re-offer races the acceptance, then an accepted quote has one order at the total accepted', async () => {
    for (let round = 0; round < 6; round++) {
      const { drill, quote } = await offeredQuote(40);
      const [accepted, reoffered] = await Promise.all([
        accept(quote._id),
        offer(quote._id, drill._id, 10_000),
      ]);
      const stored = (await shop.store.quotes.get(quote._id))!;
      const orders = await ordersOf(drill._id);
      if (stored.status === 'accepted') {
        expect(accepted.status).toBe(201);
        expect(reoffered.status).toBe(409);
        expect(orders).toHaveLength(1);
        // The offer the buyer accepted (version 1): 40 x $9.50.
        expect(orders[0]!.price).toBe(380);
        expect(accepted.body.quote.total).toBe(380);
      } else {
        expect(reoffered.status).toBe(200);
        expect(accepted.status).toBe(409);
        expect(accepted.body.error.code).toBe('PRICE_CHANGED');
        expect(orders).toEqual([]);
        expect((await shop.store.tools.get(drill._id))?.availableQuantity).toBe(500);
      }
    }
  });

  it('when the same offer is accepted twice at once, then one 201, one 409, one order and no cancelled one', async () => {
    const { drill, quote } = await offeredQuote(40);
    const answers = await Promise.all([accept(quote._id), accept(quote._id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body.error.message).toBe('This quote was accepted already');
    const orders = await ordersOf(drill._id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'unpaid', price: 380 });
    expect((await shop.store.tools.get(drill._id))?.availableQuantity).toBe(460);
  });

  it('when accepted with a PO reference, then the order carries it and the quote number, and the quote links the order', async () => {
    const { drill, quote } = await offeredQuote(40);
    const res = await accept(quote._id, shop.buyer, {
      version: 1,
      poReference: ' PO-4471 ',
    }).expect(201);
    expect(res.body.order).toMatchObject({ poReference: 'PO-4471', quoteNumber: quote.number });
    const order = await as(
      shop.buyer,
      request(shop.app).get(`/api/order/${res.body.order._id}`),
    ).expect(200);
    expect(order.body).toMatchObject({ poReference: 'PO-4471', quoteNumber: quote.number });
    const mine = await as(shop.buyer, request(shop.app).get('/api/quotes/mine')).expect(200);
    const listed = mine.body.find((q: { _id: string }) => q._id === quote._id);
    expect(listed).toMatchObject({ status: 'accepted', orderId: res.body.order._id });
    expect(await ordersOf(drill._id)).toHaveLength(1);
  });
});

describe('offering within the stock (issue 23)', () => {
  it('when a line asks for more than the stock, then the offer is refused naming the tool and the stock', async () => {
    const drill = await tool({ availableQuantity: 50 });
    const quote = (await requestQuote(drill._id, 400).expect(201)).body;
    const res = await offer(quote._id, drill._id).expect(409);
    expect(res.body.error).toMatchObject({
      code: 'OUT_OF_STOCK',
      details: [{ toolId: drill._id, quantity: 400, availableQuantity: 50 }],
    });
    expect(res.body.error.message).toBe(
      `This quote asks for more than the stock (${drill.name}: 400 asked, 50 in stock). Restock before offering, or decline the quote.`,
    );
    expect((await shop.store.quotes.get(quote._id))?.status).toBe('requested');
  });

  it("when the admin lists quotes, then each line shows its tool's stock now", async () => {
    const drill = await tool({ availableQuantity: 50 });
    const quote = (await requestQuote(drill._id, 400).expect(201)).body;
    const res = await as(shop.admin, request(shop.app).get('/api/quotes?status=requested')).expect(
      200,
    );
    const listed = res.body.find((q: { _id: string }) => q._id === quote._id);
    expect(listed.items).toEqual([
      expect.objectContaining({ toolId: drill._id, quantity: 400, availableQuantity: 50 }),
    ]);
    const mine = await as(shop.buyer, request(shop.app).get('/api/quotes/mine')).expect(200);
    const own = mine.body.find((q: { _id: string }) => q._id === quote._id);
    expect(own.items[0].availableQuantity).toBeUndefined();
  });

  it('when the offer has a note, then the buyer sees it; a past date is refused in words', async () => {
    const drill = await tool();
    const quote = (await requestQuote(drill._id, 40).expect(201)).body;
    const past = await offer(quote._id, drill._id, 9.5, '2020-01-01').expect(400);
    expect(past.body.error.message).toBe('Valid until cannot be in the past');
    await offer(quote._id, drill._id, 9.5, future, {
      note: '  Ships from our Leeds plant.  ',
    }).expect(200);
    const mine = await as(shop.buyer, request(shop.app).get('/api/quotes/mine')).expect(200);
    expect(mine.body.find((q: { _id: string }) => q._id === quote._id)).toMatchObject({
      offerNote: 'Ships from our Leeds plant.',
      version: 1,
    });
  });

  it('when a delivery date is past, then the message names it in words', async () => {
    const drill = await tool();
    const res = await requestQuote(drill._id, 20, shop.buyer, {
      requestedDeliveryDate: '2020-01-01',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Delivery date cannot be in the past');
    const bad = await requestQuote(drill._id, 20, shop.buyer, { requestedDeliveryDate: 'soon' });
    expect(bad.body.error.message).not.toMatch(/requestedDeliveryDate|validUntil/);
  });
});
