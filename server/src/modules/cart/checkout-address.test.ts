import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MyCompanySchema } from '@toolworks/contract/companies';
import { loadConfig } from '../../config.js';
import { buildTool } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { createTradeCompany } from '../../test/trade-company.js';

const shop = useTestApp(
  loadConfig({
    ...process.env,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
  }),
);

const as = (who: ShopSession, req: request.Test) => req.set('Authorization', who.bearer);
const YARD = 'Pier 21, 1055 Marginal Road, Halifax';

async function buyerWithCart() {
  const [boss, buyer] = await Promise.all(
    ['Addr Boss', 'Addr Buyer'].map((displayName) =>
      signInToShop(shop.app, shop.store, { displayName }),
    ),
  );
  await createTradeCompany(shop.store, boss!, {
    company: {
      deliveryAddresses: [
        { label: 'Main', address: '1 Quay Street, Bristol' },
        { label: 'Yard', address: YARD },
      ],
    },
    members: [{ ...buyer!, role: 'buyer' }],
  });
  const tool = await shop.store.tools.create(
    buildTool({ priceCents: 1000, availableQuantity: 100, minimumOrderQuantity: 1 }),
  );
  await as(buyer!, request(shop.app).put(`/api/cart/${tool._id}`))
    .send({ quantity: 2 })
    .expect(200);
  return buyer!;
}

const checkout = (who: ShopSession, body: object) =>
  as(who, request(shop.app).post('/api/checkout')).send({
    userPhone: '+1 555 0100',
    userAddress: 'typed by hand, 9 Elsewhere',
    expectedTotal: 20,
    ...body,
  });

describe('POST /api/checkout with a company delivery address', () => {
  it("when the buyer picks one of their company's addresses by id, then it is the order's address", async () => {
    const buyer = await buyerWithCart();
    const mine = MyCompanySchema.parse(
      (await as(buyer, request(shop.app).get('/api/company')).expect(200)).body,
    );
    const yard = mine.company?.deliveryAddresses.find((a) => a.label === 'Yard');
    expect(yard?._id).toMatch(/^[0-9a-f]{24}$/);
    const res = await checkout(buyer, { deliveryAddressId: yard?._id }).expect(201);
    expect(res.body.userAddress).toBe(YARD);
  });

  it("when the id is not one of the buyer's company's addresses, then 400 and nothing is placed", async () => {
    const buyer = await buyerWithCart();
    const res = await checkout(buyer, { deliveryAddressId: 'a'.repeat(24) }).expect(400);
    expect(res.body.error.message).toBe("Choose one of your company's delivery addresses");
    expect(await shop.store.orders.listByEmail(buyer.email.toLowerCase())).toEqual([]);
    await checkout(buyer, { deliveryAddressId: 'not-an-id' }).expect(400);
  });
});
