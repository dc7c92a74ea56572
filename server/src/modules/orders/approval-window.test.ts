import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type ShopApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Store } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';
import { createTradeCompany } from '../../test/trade-company.js';

let store: Store;
let cleanup: () => Promise<void>;
let app: ShopApp;
// The shop's clock: moved past the approval window instead of waiting days.
let clock = Date.now();
const now = () => new Date(clock);
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  const config = loadConfig({
    ...process.env,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    MAX_UNPAID_ORDERS: '2',
    APPROVAL_WINDOW_DAYS: '3',
  });
  app = createApp({ ...testDeps(store, config), now });
});
afterAll(() => cleanup());

const as = (who: ShopSession, req: request.Test) => req.set('Authorization', who.bearer);

describe('orders awaiting approval: the approval window', () => {
  it('when orders wait for approval, then they do not count as unpaid; past APPROVAL_WINDOW_DAYS they expire, return their stock and the buyer is told', async () => {
    const [boss, buyer] = await Promise.all(
      ['Win Boss', 'Win Buyer'].map((displayName) => signInToShop(app, store, { displayName })),
    );
    const companyId = await createTradeCompany(store, boss!, {
      company: { paymentTerms: 'none', creditLimitCents: 0 },
      members: [{ ...buyer!, role: 'buyer' }],
    });
    await store.companies.updateMember(companyId, buyer!.email.toLowerCase(), {
      spendingLimitPerOrderCents: 1000,
    });
    const tool = await store.tools.create(
      buildTool({ priceCents: 1000, availableQuantity: 100, minimumOrderQuantity: 1 }),
    );
    const placed: string[] = [];
    // Three above the limit with MAX_UNPAID_ORDERS=2: none is refused for unpaid orders.
    for (let i = 0; i < 3; i += 1) {
      const res = await as(buyer!, request(app).post('/api/addOrderItem'))
        .send({ toolId: tool._id, quantity: 2, userPhone: '+1 555 0100', userAddress: '1 Dock' })
        .expect(201);
      expect(res.body.status).toBe('awaiting_approval');
      placed.push(res.body._id as string);
    }
    expect((await store.tools.get(tool._id))?.availableQuantity).toBe(94);

    clock += 3 * DAY - 60_000;
    const waiting = await as(buyer!, request(app).get(`/api/order/${placed[0]}`)).expect(200);
    expect(waiting.body.status).toBe('awaiting_approval');

    clock += 2 * 60_000;
    const expired = await as(buyer!, request(app).get(`/api/order/${placed[0]}`)).expect(200);
    expect(expired.body.status).toBe('expired');
    expect((await store.tools.get(tool._id))?.availableQuantity).toBe(100);
    const mails = (await store.outbox.list({ offset: 0, limit: 100 })).items.filter(
      (m) => m.orderId === placed[0] && m.kind === 'order-expired',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(
      'No approver at your company decided on it within 3 days, so it has expired.',
    );
  });
});
