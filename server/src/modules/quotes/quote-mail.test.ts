import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type ShopApp } from '../../app.js';
import type { Store } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';
import { recipients, startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { createTestStore } from '../../test/test-store.js';
import { createMailSender } from '../../compose.js';
import { mailConfig, SHOP_URL, silent } from '../../test/mail-test-kit.js';

// A quote's steps through the API, each email delivered by the real sender to a real SMTP
// server: what the buyer (and the shop's notify address) find in their inbox.
let catcher: SmtpCatcher;
let store: Store;
let cleanup: () => Promise<void>;
let app: ShopApp;
let buyer: ShopSession;
let admin: ShopSession;
const config = () =>
  mailConfig(catcher.url, {
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
  });

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  ({ store, cleanup } = await createTestStore());
  app = createApp(testDeps(store, config()));
  [buyer, admin] = await Promise.all([
    // Display names cannot hold < or > (issue 48); quotes and ampersands still need escaping.
    signInToShop(app, store, { displayName: 'Quinn "Quote" & Buyer' }),
    signInToShop(app, store, { displayName: 'Ada Admin', admin: true }),
  ]);
});
afterAll(async () => {
  await cleanup();
  await catcher.close();
});
afterEach(() => {
  catcher.received.length = 0;
});

const future = `${new Date().getUTCFullYear() + 1}-06-30`;

/** Sends what the outbox holds now and answers what arrived. */
async function deliver() {
  const sender = createMailSender({ store, config: config(), logger: silent });
  await sender!.runOnce();
  await sender!.stop();
  const arrived = [...catcher.received];
  catcher.received.length = 0;
  return arrived;
}

async function requestedQuote() {
  const tool = await store.tools.create(
    buildTool({ name: 'Pipe Vise & Stand', priceCents: 4000, minimumOrderQuantity: 10 }),
  );
  const res = await request(app)
    .post('/api/quotes')
    .set('Authorization', buyer.bearer)
    .send({
      items: [{ toolId: tool._id, quantity: 250 }],
      requestedDeliveryDate: future,
      message: 'For the new plant.',
      userPhone: '+1 555 0100',
      userAddress: '1 Mill Road, Leeds',
    })
    .expect(201);
  return { tool, quote: res.body as { _id: string; number: string } };
}

describe('quote emails over SMTP', () => {
  it('when a quote is requested, then the buyer gets a receipt and the shop a note', async () => {
    const { quote } = await requestedQuote();
    const mails = await deliver();
    const receipt = mails.find((m) => recipients(m).includes(buyer.email));
    const shop = mails.find((m) => recipients(m).includes('sales@toolworks.test'));
    expect(receipt?.subject).toBe(`Quote ${quote.number} requested: we will get back to you`);
    for (const body of [receipt?.text ?? '', String(receipt?.html)]) {
      expect(body).toContain('Pipe Vise');
      expect(body).toContain('250');
      expect(body).toContain('$40.00');
      expect(body).toContain('For the new plant.');
      expect(body).toContain(`${SHOP_URL}/dashboard/my-quotes#quote-${quote._id}`);
    }
    expect(String(receipt?.html)).toContain('Hello Quinn &quot;Quote&quot; &amp; Buyer');
    expect(shop?.subject).toBe(`New quote request ${quote.number} from ${buyer.email}`);
    expect(shop?.text).toContain(`${SHOP_URL}/dashboard/quotes`);
  });

  it('when offered and accepted, then the buyer gets the prices, total, validity, then the order and pay link', async () => {
    const { tool, quote } = await requestedQuote();
    await deliver();
    await request(app)
      .patch(`/api/quotes/${quote._id}`)
      .set('Authorization', admin.bearer)
      .send({
        items: [{ toolId: tool._id, unitPrice: 35.5 }],
        validUntil: future,
        note: 'Delivered in two lots <May and June>.',
      })
      .expect(200);
    const [offered, ...more] = await deliver();
    expect(more).toHaveLength(0);
    expect(recipients(offered!)).toEqual([buyer.email]);
    expect(offered?.subject).toBe(
      `Your quote ${quote.number}: $8,875.00, valid until Jun 30, ${future.slice(0, 4)}`,
    );
    for (const body of [offered?.text ?? '', String(offered?.html)]) {
      expect(body).toContain('$35.50');
      expect(body).toContain('$8,875.00');
      expect(body).toContain(`Jun 30, ${future.slice(0, 4)}`);
      expect(body).toContain(`${SHOP_URL}/dashboard/my-quotes#quote-${quote._id}`);
    }
    expect(offered?.text).toContain(
      'Note from our sales team: Delivered in two lots <May and June>.',
    );
    expect(String(offered?.html)).toContain('Delivered in two lots &lt;May and June&gt;.');

    const accepted = await request(app)
      .post(`/api/quotes/${quote._id}/accept`)
      .set('Authorization', buyer.bearer)
      .send({ version: 1 })
      .expect(201);
    const { _id: orderId, number: orderNumber } = accepted.body.order;
    const mails = await deliver();
    expect(mails.map((m) => m.subject)).toEqual([
      `Quote ${quote.number} accepted: order ${orderNumber}, please pay to confirm`,
    ]);
    for (const body of [mails[0]?.text ?? '', String(mails[0]?.html)]) {
      expect(body).toContain(orderNumber);
      expect(body).toContain(`${SHOP_URL}/dashboard/payment/${orderId}`);
      expect(body).toContain(`${SHOP_URL}/dashboard/orders/${orderId}`);
      expect(body).toContain('$8,875.00');
    }
  });

  it('when declined, then the buyer is told the reason', async () => {
    const { quote } = await requestedQuote();
    await deliver();
    await request(app)
      .patch(`/api/quotes/${quote._id}`)
      .set('Authorization', admin.bearer)
      .send({ decline: true, reason: 'We no longer make this size.' })
      .expect(200);
    const [declined] = await deliver();
    expect(declined?.subject).toBe(`Quote ${quote.number} declined`);
    expect(declined?.text).toContain('Reason: We no longer make this size.');
    expect(String(declined?.html)).toContain('Reason: We no longer make this size.');
  });

  it('when the outbox cannot be written, then the quote request still succeeds', async () => {
    const broken = Object.assign(Object.create(store) as Store, {
      outbox: { ...store.outbox, enqueue: () => Promise.reject(new Error('disk full')) },
    });
    const brokenApp = createApp(testDeps(broken, config()));
    const tool = await store.tools.create(buildTool({ minimumOrderQuantity: 1 }));
    const res = await request(brokenApp)
      .post('/api/quotes')
      .set('Authorization', buyer.bearer)
      .send({
        items: [{ toolId: tool._id, quantity: 5 }],
        userPhone: '+1 555 0100',
        userAddress: '1 Mill Road',
      })
      .expect(201);
    expect(res.body.status).toBe('requested');
    expect(await deliver()).toHaveLength(0);
  });
});
