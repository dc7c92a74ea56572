import request from 'supertest';
import type { ShopApp } from '../../app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { QuoteSchema } from '@toolworks/contract/quotes';
import type { Store } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';

let store: Store;
let cleanup: () => Promise<void>;
let app: ShopApp;
let buyer: ShopSession;
let other: ShopSession;
let admin: ShopSession;

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  const config = loadConfig({
    ...process.env,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    MAX_UNPAID_ORDERS: '5',
  });
  app = createApp(testDeps(store, config));
  [buyer, other, admin] = await Promise.all([
    signInToShop(app, store, { displayName: 'Trade Buyer' }),
    signInToShop(app, store, { displayName: 'Olivia Other' }),
    signInToShop(app, store, { displayName: 'Ada Admin', admin: true }),
  ]);
});
afterAll(() => cleanup());

const nextYear = new Date().getUTCFullYear() + 1;
const future = `${nextYear}-06-30`;
const as = (session: ShopSession, req: request.Test) => req.set('Authorization', session.bearer);

const tool = (overrides: Parameters<typeof buildTool>[0] = {}) =>
  store.tools.create(
    buildTool({
      name: `Quote Drill ${Math.random().toString(36).slice(2, 7)}`,
      priceCents: 1250,
      minimumOrderQuantity: 10,
      availableQuantity: 500,
      priceTiers: [{ minQuantity: 100, priceCents: 1100 }],
      ...overrides,
    }),
  );

const requestQuote = (toolId: string, quantity = 400, session = buyer, extra: object = {}) =>
  as(session, request(app).post('/api/quotes')).send({
    items: [{ toolId, quantity }],
    requestedDeliveryDate: future,
    message: 'Need these for a site in June.',
    userPhone: '+1 555 0100',
    userAddress: '1 Mill Road, Leeds',
    ...extra,
  });

const offer = (id: string, toolId: string, unitPrice = 9.5, validUntil = future) =>
  as(admin, request(app).patch(`/api/quotes/${id}`)).send({
    items: [{ toolId, unitPrice }],
    validUntil,
  });

const accept = (id: string, session = buyer) =>
  as(session, request(app).post(`/api/quotes/${id}/accept`));

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
      userEmail: buyer.email,
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
    expect(await store.quotes.listByEmail(buyer.email)).not.toContainEqual(
      expect.objectContaining({ items: [expect.objectContaining({ toolId: drill._id })] }),
    );
  });

  it('when the delivery date is past or a tool unknown, then 400 / 404', async () => {
    const drill = await tool();
    await requestQuote(drill._id, 20, buyer, { requestedDeliveryDate: '2020-01-01' }).expect(400);
    await requestQuote('0123456789abcdef01234567', 20).expect(404);
  });
});

describe('a quote from request to payment', () => {
  it('when requested, offered, accepted and paid with the test card, then the order is paid at the quoted price', async () => {
    const { drill, quote } = await offeredQuote(400);
    const mine = await as(buyer, request(app).get('/api/quotes/mine')).expect(200);
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
    expect((await store.tools.get(drill._id))?.availableQuantity).toBe(100);

    const orderId = accepted.body.order._id as string;
    const intent = await as(buyer, request(app).post('/api/create-payment-intent'))
      .send({ orderId })
      .expect(200);
    await as(buyer, request(app).post('/api/payments/test/confirm'))
      .send({
        clientSecret: intent.body.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: nextYear % 100,
        cvc: '123',
        name: 'Trade Buyer',
      })
      .expect(200);
    expect(await store.orders.get(orderId)).toMatchObject({ isPaid: true, priceCents: 380_000 });
  });

  it('when accepted twice, then the second is 409 and only one order exists', async () => {
    const { drill, quote } = await offeredQuote(40);
    await accept(quote._id).expect(201);
    const again = await accept(quote._id).expect(409);
    expect(again.body.error.message).toBe('This quote was accepted already');
    expect((await store.tools.get(drill._id))?.availableQuantity).toBe(460);
  });

  it("when someone else accepts the buyer's quote, then 404 (403 for an admin) and it stays offered", async () => {
    const { quote } = await offeredQuote(40);
    await accept(quote._id, other).expect(404);
    const byAdmin = await accept(quote._id, admin).expect(403);
    expect(byAdmin.body.error.message).toBe('Only the buyer can accept this quote');
    expect((await store.quotes.get(quote._id))?.status).toBe('offered');
  });

  it('when the offer has expired, then it reads expired and accepting is refused', async () => {
    const drill = await tool();
    const quote = (await requestQuote(drill._id, 40).expect(201)).body;
    // The API refuses a past date, so the clock is moved by writing a past validity directly.
    await store.quotes.offer(quote._id, { [drill._id]: 900 }, '2020-01-31');
    const res = await accept(quote._id).expect(409);
    expect(res.body.error.message).toBe('This offer has expired: ask for a new quote');
    const mine = await as(buyer, request(app).get('/api/quotes/mine')).expect(200);
    expect(mine.body.find((q: { _id: string }) => q._id === quote._id).status).toBe('expired');
    const expired = await as(admin, request(app).get('/api/quotes?status=expired')).expect(200);
    expect(expired.body.map((q: { _id: string }) => q._id)).toContain(quote._id);
    expect((await store.tools.get(drill._id))?.availableQuantity).toBe(500);
  });

  it('when the stock is not there, then 409 OUT_OF_STOCK and the quote stays offered', async () => {
    const { drill, quote } = await offeredQuote(600);
    const res = await accept(quote._id).expect(409);
    expect(res.body.error).toMatchObject({
      code: 'OUT_OF_STOCK',
      details: [{ toolId: drill._id, availableQuantity: 500 }],
    });
    expect((await store.quotes.get(quote._id))?.status).toBe('offered');
  });

  it('when a quote of two tools is accepted, then one order holds both lines at the quoted prices', async () => {
    const [drill, vise] = await Promise.all([tool(), tool()]);
    const quote = (
      await as(buyer, request(app).post('/api/quotes'))
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
    await as(admin, request(app).patch(`/api/quotes/${quote._id}`))
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
    expect((await store.tools.get(drill._id))?.availableQuantity).toBe(460);
    expect((await store.tools.get(vise._id))?.availableQuantity).toBe(380);
  });

  it('when the buyer already holds the most unpaid orders, then accepting is 409 and nothing is reserved', async () => {
    const busy = await signInToShop(app, store, { displayName: 'Busy Buyer' });
    const stock = await tool({ availableQuantity: 10_000 });
    for (let i = 0; i < 5; i++) {
      const placed = await store.orders.place(
        buildOrderInput(stock._id, { userEmail: busy.email, quantity: 10 }),
      );
      expect(placed.ok).toBe(true);
    }
    const drill = await tool();
    const quote = (await requestQuote(drill._id, 40, busy).expect(201)).body;
    await offer(quote._id, drill._id).expect(200);
    const res = await accept(quote._id, busy).expect(409);
    expect(res.body.error.message).toMatch(/You have 5 unpaid orders/);
    expect((await store.quotes.get(quote._id))?.status).toBe('offered');
    expect((await store.tools.get(drill._id))?.availableQuantity).toBe(500);
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
    const res = await as(admin, request(app).patch(`/api/quotes/${quote._id}`))
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
    await as(admin, request(app).patch(`/api/quotes/${quote._id}`))
      .send({ decline: true, reason: '  ' })
      .expect(400);
    expect((await store.quotes.get(quote._id))?.status).toBe('requested');
  });

  it('when the admin lists requested quotes, then newest first, with only that status', async () => {
    const drill = await tool();
    const first = (await requestQuote(drill._id, 40).expect(201)).body;
    const second = (await requestQuote(drill._id, 50).expect(201)).body;
    const res = await as(admin, request(app).get('/api/quotes?status=requested')).expect(200);
    const ids = res.body.map((q: { _id: string }) => q._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(res.body.every((q: { status: string }) => q.status === 'requested')).toBe(true);
    await as(admin, request(app).get('/api/quotes?status=lost')).expect(400);
  });
});
