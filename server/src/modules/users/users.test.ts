import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UserListSchema } from '@toolworks/contract/users';
import { verifyAccessToken } from '../../auth/index.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { createEmulatorUser, signInToShop, uniqueEmail } from '../../test/sign-in.js';

const shop = useTestApp();

const path = (email: string) => encodeURIComponent(email);

describe('GET /api/users', () => {
  it('when an admin asks, then every user comes with _id, email and the role of admins only', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });
    const customer = await signInToShop(shop.app, shop.store);

    const res = await request(shop.app).get('/api/users').set('Authorization', admin.bearer);

    expect(res.status).toBe(200);
    const users = UserListSchema.parse(res.body);
    const byEmail = new Map(users.map((u) => [u.email, u]));
    expect(byEmail.get(admin.email)).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      email: admin.email,
      name: 'Test User',
      role: 'admin',
      adminSource: 'granted',
    });
    expect(byEmail.get(customer.email)).toEqual({
      _id: expect.any(String),
      email: customer.email,
      name: 'Test User',
    });
  });

  it("when users have saved profiles, then each comes with its profile's company, and the name falls back to the profile's", async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });
    const buyer = await signInToShop(shop.app, shop.store, { displayName: 'Bea Buyer' });
    await shop.store.users.upsert('nameless@example.com');
    const profile = {
      LinkedIn_profile_link: '',
      country: 'PT',
      street_address: '1 Rua Augusta',
      city: 'Lisbon',
      state: '',
      phone: '',
      vat_id: '',
      delivery_address: '',
      postal_code: '',
    };
    await shop.store.profiles.upsert({
      ...profile,
      name: 'Bea B.',
      email_address: buyer.email,
      company_name: 'Augusta Ferragens Lda',
    });
    await shop.store.profiles.upsert({
      ...profile,
      name: 'Nia Nameless',
      email_address: 'nameless@example.com',
      company_name: '',
    });

    const res = await request(shop.app).get('/api/users').set('Authorization', admin.bearer);

    const byEmail = new Map(UserListSchema.parse(res.body).map((u) => [u.email, u]));
    expect(byEmail.get(buyer.email)).toMatchObject({
      name: 'Bea Buyer',
      company: 'Augusta Ferragens Lda',
    });
    expect(byEmail.get('nameless@example.com')).toEqual({
      _id: expect.any(String),
      email: 'nameless@example.com',
      name: 'Nia Nameless',
    });
  });

  it('when accounts were removed, then the removed list comes most recently removed first', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });
    for (const email of ['first.made@example.com', 'second.made@example.com'])
      await shop.store.users.upsert(email);
    await shop.store.users.remove('first.made@example.com');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await shop.store.users.remove('second.made@example.com');

    const res = await request(shop.app)
      .get('/api/users?removed=true&search=.made@')
      .set('Authorization', admin.bearer)
      .expect(200);

    expect(UserListSchema.parse(res.body).map((u) => u.email)).toEqual([
      'second.made@example.com',
      'first.made@example.com',
    ]);
  });

  it('when a customer asks, then 403', async () => {
    const customer = await signInToShop(shop.app, shop.store);

    const res = await request(shop.app).get('/api/users').set('Authorization', customer.bearer);

    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(shop.app).get('/api/users');

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('PUT /api/user/admin/:email', () => {
  it('when an admin promotes a customer, then modifiedCount is 1 and the new admin passes admin checks at once', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });
    const customer = await signInToShop(shop.app, shop.store);
    await request(shop.app).get('/api/users').set('Authorization', customer.bearer).expect(403);

    const res = await request(shop.app)
      .put(`/api/user/admin/${path(customer.email)}`)
      .set('Authorization', admin.bearer);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    // Same access token as before: the role is read from the shop.store on every request.
    await request(shop.app).get('/api/users').set('Authorization', customer.bearer).expect(200);
    expect((await shop.store.users.getByEmail(customer.email))?.role).toBe('admin');
  });

  it('when the user is already admin, then modifiedCount is 0', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });
    const other = await signInToShop(shop.app, shop.store, { admin: true });

    const res = await request(shop.app)
      .put(`/api/user/admin/${path(other.email)}`)
      .set('Authorization', admin.bearer);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 0 });
  });

  it('when the email is given in capitals, then the same user is promoted', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });
    const customer = await signInToShop(shop.app, shop.store);

    const res = await request(shop.app)
      .put(`/api/user/admin/${path(customer.email.toUpperCase())}`)
      .set('Authorization', admin.bearer);

    expect(res.body).toEqual({ modifiedCount: 1 });
  });

  it('when there is no such user, then 404', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });

    const res = await request(shop.app)
      .put(`/api/user/admin/${path(uniqueEmail('ghost'))}`)
      .set('Authorization', admin.bearer);

    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('when the email is malformed, then 400 naming it', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });

    const res = await request(shop.app)
      .put('/api/user/admin/nobody')
      .set('Authorization', admin.bearer);

    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({
      path: 'email',
      message: 'Provide a valid email',
    });
  });

  it('when a customer tries, then 403 and nobody is promoted', async () => {
    const customer = await signInToShop(shop.app, shop.store);
    const target = await signInToShop(shop.app, shop.store);

    const res = await request(shop.app)
      .put(`/api/user/admin/${path(target.email)}`)
      .set('Authorization', customer.bearer);

    expect(res.status).toBe(403);
    expect((await shop.store.users.getByEmail(target.email))?.role).toBeUndefined();
    const self = await request(shop.app)
      .put(`/api/user/admin/${path(customer.email)}`)
      .set('Authorization', customer.bearer);
    expect(self.status).toBe(403);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(shop.app).put(`/api/user/admin/${path(uniqueEmail())}`);

    expect(res.status).toBe(401);
  });

  it('when a Firebase ID token is sent instead of the access token, then 401 (it is not the token exchange)', async () => {
    const user = await createEmulatorUser();

    const res = await request(shop.app)
      .put(`/api/user/admin/${path(user.email)}`)
      .set('Authorization', `Bearer ${user.idToken}`);

    expect(res.status).toBe(401);
    expect(res.body.token).toBeUndefined();
  });
});

describe('PUT /api/user/:email next to PUT /api/user/admin/:email', () => {
  it('when a user whose address starts with "admin" exchanges their sign-in, then the token exchange answers', async () => {
    const user = await createEmulatorUser({ email: uniqueEmail('admin') });

    const res = await request(shop.app)
      .put(`/api/user/${path(user.email)}`)
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ email: user.email });

    expect(res.status).toBe(200);
    expect(verifyAccessToken(res.body.token, shop.config).email).toBe(user.email);
  });
});

describe('DELETE /api/user/:email', () => {
  it('when an admin removes a customer, then the account and details go, their paid orders stay and their token stops working', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });
    const customer = await signInToShop(shop.app, shop.store);
    await request(shop.app)
      .post('/api/addUser')
      .set('Authorization', customer.bearer)
      .send({ name: 'Gone Soon' })
      .expect(200);
    const tool = await shop.store.tools.create(buildTool());
    const placed = await shop.store.orders.place(
      buildOrderInput(tool._id, { userEmail: customer.email }),
    );
    if (!placed.ok) throw new Error('order setup failed');
    const paid = await shop.store.orders.markPaid(placed.order._id, 'txn_kept');

    const res = await request(shop.app)
      .delete(`/api/user/${path(customer.email)}`)
      .set('Authorization', admin.bearer);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    expect(await shop.store.users.getByEmail(customer.email)).toBeNull();
    expect(await shop.store.profiles.get(customer.email)).toBeNull();
    expect(await shop.store.orders.listByEmail(customer.email)).toEqual([paid?.order]);
    const list = await request(shop.app).get('/api/users').set('Authorization', admin.bearer);
    expect(list.body.map((u: { email: string }) => u.email)).not.toContain(customer.email);
    await request(shop.app)
      .get(`/api/admin/${path(customer.email)}`)
      .set('Authorization', customer.bearer)
      .expect(401);
  });

  it('when an admin tries to remove themselves, then 409 and they stay', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });

    const res = await request(shop.app)
      .delete(`/api/user/${path(admin.email.toUpperCase())}`)
      .set('Authorization', admin.bearer);

    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(await shop.store.users.getByEmail(admin.email)).not.toBeNull();
  });

  it('when there is no such user, then deletedCount is 0', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });

    const res = await request(shop.app)
      .delete(`/api/user/${path(uniqueEmail('ghost'))}`)
      .set('Authorization', admin.bearer);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 0 });
  });

  it('when a customer tries, then 403 and the user stays', async () => {
    const customer = await signInToShop(shop.app, shop.store);
    const target = await signInToShop(shop.app, shop.store);

    const res = await request(shop.app)
      .delete(`/api/user/${path(target.email)}`)
      .set('Authorization', customer.bearer);

    expect(res.status).toBe(403);
    expect(await shop.store.users.getByEmail(target.email)).not.toBeNull();
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(shop.app).delete(`/api/user/${path(uniqueEmail())}`);

    expect(res.status).toBe(401);
  });

  it('when the email is malformed, then 400', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });

    const res = await request(shop.app)
      .delete('/api/user/nobody')
      .set('Authorization', admin.bearer);

    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({
      path: 'email',
      message: 'Provide a valid email',
    });
  });
});
