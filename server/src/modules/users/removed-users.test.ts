import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UserListSchema } from '@toolworks/contract/users';
import { buildTool } from '../../test/factories.js';
import { useAdminTestApp } from '../../test/admin-test-app.js';
import { signInEmulatorUser, signInToShop, testDeps, uniqueEmail } from '../../test/sign-in.js';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Store } from '../../store/store.js';
import { emulatorAccount } from '../../test/auth-emulator-tools.js';

/** Remove User keeps a person out (Firebase disabled, address blocked) until restored. */
const shop = useAdminTestApp();
const path = (email: string) => encodeURIComponent(email);

const removeUser = (email: string) =>
  request(shop.app)
    .delete(`/api/user/${path(email)}`)
    .set('Authorization', shop.admin.bearer);

const restoreUser = (email: string) =>
  request(shop.app)
    .put(`/api/user/${path(email)}/restore`)
    .set('Authorization', shop.admin.bearer);

const exchange = (email: string, idToken: string) =>
  request(shop.app)
    .put(`/api/user/${path(email)}`)
    .set('Authorization', `Bearer ${idToken}`)
    .send({ email });

async function placeOrder(bearer: string, toolId: string) {
  const res = await request(shop.app).post('/api/addOrderItem').set('Authorization', bearer).send({
    toolId,
    quantity: 10,
    userPhone: '+1 555 0100',
    userAddress: '1 Main Street, Springfield',
  });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

const listed = async (query = '') =>
  UserListSchema.parse(
    (await request(shop.app).get(`/api/users${query}`).set('Authorization', shop.admin.bearer))
      .body,
  );

describe('DELETE /api/user/:email keeps the person out', () => {
  it('when a customer is removed, then their tokens stop at once, the exchange says why and sign-in is disabled', async () => {
    const customer = await signInToShop(shop.app, shop.store);
    const idToken = await signInEmulatorUser(customer.email, customer.password);

    const res = await removeUser(customer.email);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    const old = await request(shop.app)
      .get(`/api/myOrders/${path(customer.email)}`)
      .set('Authorization', customer.bearer);
    expect(old.status).toBe(401);
    expect(old.body.error.message).toBe('This account was removed by the shop');
    const again = await exchange(customer.email, idToken);
    expect(again.status).toBe(403);
    expect(again.body.error).toEqual({
      code: 'FORBIDDEN',
      message: 'This account was removed by the shop',
    });
    expect(await emulatorAccount(customer.email)).toMatchObject({ disabled: true });
  });

  it('when a customer with unpaid and paid orders is removed, then the unpaid ones are cancelled and their stock returns', async () => {
    const customer = await signInToShop(shop.app, shop.store);
    const tool = await shop.store.tools.create(buildTool({ availableQuantity: 100 }));
    const unpaid = await placeOrder(customer.bearer, tool._id);
    await placeOrder(customer.bearer, tool._id);
    const paidId = await placeOrder(customer.bearer, tool._id);
    const paid = await shop.store.orders.markPaid(paidId, 'txn_removed_user');
    expect((await shop.store.tools.get(tool._id))?.availableQuantity).toBe(70);

    await removeUser(customer.email).expect(200);

    expect((await shop.store.tools.get(tool._id))?.availableQuantity).toBe(90);
    expect(await shop.store.orders.get(unpaid)).toMatchObject({ status: 'cancelled' });
    expect(await shop.store.orders.get(paidId)).toEqual(paid?.order);
  });

  it('when removed accounts are listed, then they appear only with ?removed=true, flagged', async () => {
    const customer = await signInToShop(shop.app, shop.store);
    await removeUser(customer.email).expect(200);

    expect((await listed()).map((u) => u.email)).not.toContain(customer.email);
    expect(await listed('?removed=true')).toContainEqual({
      _id: expect.any(String),
      email: customer.email,
      name: 'Test User',
      removed: true,
      removedAt: expect.any(String),
    });
    expect((await listed('?removed=false')).map((u) => u.email)).not.toContain(customer.email);
  });

  it('when a removed account is removed again, then 0 and it stays removed', async () => {
    const customer = await signInToShop(shop.app, shop.store);
    await removeUser(customer.email).expect(200);

    const res = await removeUser(customer.email);

    expect(res.body).toEqual({ deletedCount: 0 });
    expect(await emulatorAccount(customer.email)).toMatchObject({ disabled: true });
  });

  it('when orders are placed while the account is being removed, then no unpaid order of the removed user remains', async () => {
    for (let round = 0; round < 4; round += 1) {
      const customer = await signInToShop(shop.app, shop.store);
      const tool = await shop.store.tools.create(
        buildTool({ availableQuantity: 1000, minimumOrderQuantity: 10 }),
      );
      const order = () =>
        request(shop.app).post('/api/addOrderItem').set('Authorization', customer.bearer).send({
          toolId: tool._id,
          quantity: 10,
          userPhone: '+1 555 0100',
          userAddress: '1 Main Street, Springfield',
        });

      // Orders sent just before, with and just after the removal.
      const early = [order(), order(), order()];
      const [removed, ...orders] = await Promise.all([
        removeUser(customer.email),
        ...early,
        order(),
        order(),
        order(),
      ]);

      expect(removed.status).toBe(200);
      for (const res of orders) expect([201, 401]).toContain(res.status);
      const left = await shop.store.orders.listByEmail(customer.email);
      expect(left.filter((o) => o.status === 'unpaid')).toEqual([]);
      // Every order that got in was cancelled, so all the stock is back.
      expect((await shop.store.tools.get(tool._id))?.availableQuantity).toBe(1000);
    }
  });

  it("when the removal completes between the order's sign-in check and its write, then the order is refused and nothing stays reserved", async () => {
    const customer = await signInToShop(shop.app, shop.store);
    const tool = await shop.store.tools.create(
      buildTool({ availableQuantity: 1000, minimumOrderQuantity: 10 }),
    );
    // The same store, but the admin's whole removal runs just before the order is written.
    const racing: Store = {
      ...shop.store,
      orders: {
        ...shop.store.orders,
        place: async (input) => {
          await removeUser(input.userEmail).expect(200);
          return shop.store.orders.place(input);
        },
      },
    };
    const app = createApp(
      testDeps(racing, loadConfig({ ...process.env, AUTH_RATE_LIMIT_PER_MINUTE: '100000' })),
    );

    const res = await request(app)
      .post('/api/addOrderItem')
      .set('Authorization', customer.bearer)
      .send({
        toolId: tool._id,
        quantity: 10,
        userPhone: '+1 555 0100',
        userAddress: '1 Main Street, Springfield',
      });

    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('This account was removed by the shop');
    expect(await shop.store.orders.listByEmail(customer.email)).toEqual([]);
    expect((await shop.store.tools.get(tool._id))?.availableQuantity).toBe(1000);
  });

  it('when another admin is removed, then their admin token stops at once', async () => {
    const other = await signInToShop(shop.app, shop.store, { admin: true });

    await removeUser(other.email).expect(200);

    await request(shop.app).get('/api/users').set('Authorization', other.bearer).expect(401);
  });

  it('when ?removed= is not true or false, then 400 naming it', async () => {
    const res = await request(shop.app)
      .get('/api/users?removed=yes')
      .set('Authorization', shop.admin.bearer);

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'removed' })]);
  });
});

describe('PUT /api/user/:email/restore', () => {
  it('when a removed customer is restored, then they can sign in again, as a customer', async () => {
    const customer = await signInToShop(shop.app, shop.store);
    await removeUser(customer.email).expect(200);

    const res = await restoreUser(customer.email);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await emulatorAccount(customer.email)).toMatchObject({ disabled: false });
    const idToken = await signInEmulatorUser(customer.email, customer.password);
    const back = await exchange(customer.email, idToken);
    expect(back.status).toBe(200);
    const check = await request(shop.app)
      .get(`/api/admin/${path(customer.email)}`)
      .set('Authorization', `Bearer ${back.body.token}`);
    expect(check.body).toEqual({ admin: false });
    expect((await listed()).map((u) => u.email)).toContain(customer.email);
    expect((await listed('?removed=true')).map((u) => u.email)).not.toContain(customer.email);
  });

  it('when a removed customer is restored, then access tokens issued before the removal stay refused', async () => {
    const customer = await signInToShop(shop.app, shop.store);
    const before = customer.bearer;
    await removeUser(customer.email).expect(200);
    await restoreUser(customer.email).expect(200);

    const old = await request(shop.app)
      .get(`/api/myOrders/${path(customer.email)}`)
      .set('Authorization', before);

    expect(old.status).toBe(401);
    expect(old.body.error).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Your session has ended; please sign in again',
    });
    const idToken = await signInEmulatorUser(customer.email, customer.password);
    const { token } = (await exchange(customer.email, idToken).expect(200)).body;
    await request(shop.app)
      .get(`/api/myOrders/${path(customer.email)}`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
  });

  it('when the account was not removed, then 0', async () => {
    const customer = await signInToShop(shop.app, shop.store);

    expect((await restoreUser(customer.email)).body).toEqual({ modifiedCount: 0 });
  });

  it('when there is no such user, then 404', async () => {
    expect((await restoreUser(uniqueEmail('ghost'))).status).toBe(404);
  });

  it('when a customer tries, then 403 and the account stays removed', async () => {
    const target = await signInToShop(shop.app, shop.store);
    await removeUser(target.email).expect(200);

    const res = await request(shop.app)
      .put(`/api/user/${path(target.email)}/restore`)
      .set('Authorization', shop.customer.bearer);

    expect(res.status).toBe(403);
    expect(await shop.store.users.getByEmail(target.email)).toBeNull();
  });
});
