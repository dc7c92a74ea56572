import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { OutboxMessageListSchema } from '@toolworks/contract/mail';
import { createApp, type ShopApp } from '../app.js';
import { createTestClock } from '../modules/test-clock/index.js';
import { buildTool } from '../test/factories.js';
import { useTestGatewayShop } from '../test/payments-fixtures.js';
import { signInToShop, testDeps, type ShopSession } from '../test/sign-in.js';

// The outbox dates what it queues with the shop's clock, as the sender dates what it sends and
// the invoice service what it issues: under the journeys' test clock (ahead of real time) an
// email was queued at the real time and sent at the shop's, an hour "before" it was queued.
const { shop, paidOrderOn } = useTestGatewayShop();
const AHEAD_MINUTES = 30;
let clocked: ShopApp;
let admin: ShopSession;
beforeAll(async () => {
  const testClock = createTestClock();
  testClock.advance(AHEAD_MINUTES);
  clocked = createApp({ ...testDeps(shop.store, shop.config), payments: shop.gateway, testClock });
  admin = await signInToShop(clocked, shop.store, { displayName: 'Ada Admin', admin: true });
});

/** The admin's view of the outbox: every queued message, newest first. */
async function queued() {
  const res = await request(clocked)
    .get('/api/admin/outbox?limit=100')
    .set('Authorization', admin.bearer)
    .expect(200);
  return OutboxMessageListSchema.parse(res.body);
}

const minutesAhead = (iso: string) => (Date.parse(iso) - Date.now()) / 60_000;

describe('the outbox on the shop’s clock', () => {
  it('when the shop’s clock runs ahead, then an order’s, a quote’s and a trade account’s emails are queued at its time', async () => {
    await paidOrderOn(clocked);

    const tool = await shop.store.tools.create(
      buildTool({ name: 'Pipe Vise', priceCents: 4000, minimumOrderQuantity: 10 }),
    );
    await request(clocked)
      .post('/api/quotes')
      .set('Authorization', shop.customer.bearer)
      .send({
        items: [{ toolId: tool._id, quantity: 250 }],
        message: 'For the new plant.',
        userPhone: '+1 555 0100',
        userAddress: '1 Mill Road, Leeds',
      })
      .expect(201);

    const applied = await request(clocked)
      .post('/api/trade-applications')
      .set('Authorization', shop.other.bearer)
      .send({
        companyName: 'Harbour Workshop Ltd',
        vatId: 'GB 123 4567 89',
        billingAddress: '1 Quay Street, Bristol BS1 4DJ',
        deliveryAddress: 'Unit 7, Dock Road, Bristol BS2 0XX',
        phone: '+44 117 496 0000',
      })
      .expect(201);
    await request(clocked)
      .post(`/api/trade-applications/${applied.body._id}/decline`)
      .set('Authorization', admin.bearer)
      .send({ reason: 'We could not verify the VAT number.' })
      .expect(200);

    const messages = await queued();
    const kinds = new Set(messages.map((m) => m.kind));
    for (const kind of ['payment-received', 'quote-requested', 'application-declined'])
      expect(kinds, `a queued ${kind} email`).toContain(kind);
    for (const message of messages) {
      expect(minutesAhead(message.createdAt), message.kind).toBeGreaterThan(AHEAD_MINUTES - 1);
      expect(minutesAhead(message.nextAttemptAt), message.kind).toBeGreaterThan(AHEAD_MINUTES - 1);
    }
  });
});
