import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { useTestApp } from '../../test/test-app.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, testDeps, uniqueEmail } from '../../test/sign-in.js';

const shop = useTestApp();
const path = (email: string) => encodeURIComponent(email);

describe('DELETE /api/user/admin/:email', () => {
  it('when an admin demotes another admin, then 1 and that admin is a customer at once, same token', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });
    const other = await signInToShop(shop.app, shop.store, { admin: true });
    await request(shop.app).get('/api/users').set('Authorization', other.bearer).expect(200);

    const res = await request(shop.app)
      .delete(`/api/user/admin/${path(other.email.toUpperCase())}`)
      .set('Authorization', admin.bearer);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    expect(res.headers['cache-control']).toBe('no-store');
    await request(shop.app).get('/api/users').set('Authorization', other.bearer).expect(403);
    const check = await request(shop.app)
      .get(`/api/admin/${path(other.email)}`)
      .set('Authorization', other.bearer);
    expect(check.body).toEqual({ admin: false });
  });

  it('when the user is a customer already, then 0', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });
    const customer = await signInToShop(shop.app, shop.store);

    const res = await request(shop.app)
      .delete(`/api/user/admin/${path(customer.email)}`)
      .set('Authorization', admin.bearer);

    expect(res.body).toEqual({ modifiedCount: 0 });
  });

  it('when there is no such user, then 404', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });

    const res = await request(shop.app)
      .delete(`/api/user/admin/${path(uniqueEmail('ghost'))}`)
      .set('Authorization', admin.bearer);

    expect(res.status).toBe(404);
  });

  it('when a customer tries, then 403 and the admin stays', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });
    const customer = await signInToShop(shop.app, shop.store);

    const res = await request(shop.app)
      .delete(`/api/user/admin/${path(admin.email)}`)
      .set('Authorization', customer.bearer);

    expect(res.status).toBe(403);
    expect((await shop.store.users.getByEmail(admin.email))?.role).toBe('admin');
  });

  it('when the admin is listed in ADMIN_EMAILS, then 409 saying to take them off the list', async () => {
    const listedEmail = uniqueEmail('listed');
    const app = createApp(
      testDeps(
        shop.store,
        loadConfig({
          ...process.env,
          AUTH_RATE_LIMIT_PER_MINUTE: '100000',
          ADMIN_EMAILS: listedEmail,
        }),
      ),
    );
    const admin = await signInToShop(app, shop.store, { admin: true });
    await signInToShop(app, shop.store, { email: listedEmail });

    const res = await request(app)
      .delete(`/api/user/admin/${path(listedEmail)}`)
      .set('Authorization', admin.bearer);

    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      `${listedEmail} is an admin because ADMIN_EMAILS lists this address; take it off ADMIN_EMAILS to end these rights`,
    );
    expect(await shop.store.users.getByEmail(listedEmail)).toMatchObject({ role: 'admin' });
  });
});

describe('the last admin', () => {
  it('when the only admin demotes themselves, then 409 and they stay admin', async () => {
    const { store, cleanup } = await createTestStore();
    try {
      const app = createApp(testDeps(store));
      const only = await signInToShop(app, store, { admin: true });

      const res = await request(app)
        .delete(`/api/user/admin/${path(only.email)}`)
        .set('Authorization', only.bearer);

      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: 'CONFLICT',
        message: 'The shop must keep at least one admin: make someone else admin first',
      });
      await request(app).get('/api/users').set('Authorization', only.bearer).expect(200);
    } finally {
      await cleanup();
    }
  });

  it('when two admins demote each other at once, then one admin remains', async () => {
    const { store, cleanup } = await createTestStore();
    try {
      const app = createApp(testDeps(store));
      const [a, b] = await Promise.all([
        signInToShop(app, store, { admin: true }),
        signInToShop(app, store, { admin: true }),
      ]);

      const statuses = await Promise.all([
        request(app)
          .delete(`/api/user/admin/${path(b.email)}`)
          .set('Authorization', a.bearer),
        request(app)
          .delete(`/api/user/admin/${path(a.email)}`)
          .set('Authorization', b.bearer),
      ]).then((all) => all.map((res) => res.status).sort());

      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
      expect((await store.users.list()).filter((u) => u.role === 'admin')).toHaveLength(1);
    } finally {
      await cleanup();
    }
  });
});
