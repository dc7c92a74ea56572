import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express, { type Express } from 'express';
import request from 'supertest';
import { loadConfig } from '../config.js';
import { errorHandler } from '../lib/error-handler.js';
import type { Store } from '../store/store.js';
import { createTestStore } from '../test/test-store.js';
import { uniqueEmail } from '../test/sign-in.js';
import { signAccessToken } from './access-token.js';
import { assertSelfOrAdmin, currentUser, requireAdmin, requireUser } from './guards.js';

// The guards on a bare Express app: the shop's admin routes arrive with other modules, and these
// rules must hold for all of them.
const config = loadConfig();
let store: Store;
let cleanup: () => Promise<void>;
let app: Express;

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  const deps = { config, store };
  app = express();
  app.get('/admin-only', requireAdmin(deps), (req, res) => {
    res.json({ caller: currentUser(req).email });
  });
  app.get('/things/:email', requireUser(deps), (req, res) => {
    assertSelfOrAdmin(req, String(req.params.email));
    res.json({ ok: true });
  });
  app.use(errorHandler);
});
afterAll(async () => cleanup());

async function bearerFor(options: { admin?: boolean } = {}) {
  const email = uniqueEmail(options.admin ? 'admin' : 'customer');
  await store.users.upsert(email);
  if (options.admin) await store.users.makeAdmin(email);
  return { email, auth: `Bearer ${signAccessToken(email, config)}` };
}

describe('requireAdmin', () => {
  it('when the caller is an admin, then the route runs with them as the current user', async () => {
    const admin = await bearerFor({ admin: true });

    const res = await request(app).get('/admin-only').set('Authorization', admin.auth);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ caller: admin.email });
  });

  it('when the caller is a customer, then 403 with the error body', async () => {
    const customer = await bearerFor();

    const res = await request(app).get('/admin-only').set('Authorization', customer.auth);

    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
  });

  it('when a customer is made admin, then their existing token works at once', async () => {
    const customer = await bearerFor();
    await store.users.makeAdmin(customer.email);

    expect((await request(app).get('/admin-only').set('Authorization', customer.auth)).status).toBe(
      200,
    );
  });

  it('when nobody is signed in, then 401 before any role check', async () => {
    expect((await request(app).get('/admin-only')).status).toBe(401);
  });
});

describe('assertSelfOrAdmin', () => {
  it('when a customer touches their own resource (any letter case), then it is allowed', async () => {
    const customer = await bearerFor();

    const res = await request(app)
      .get(`/things/${customer.email.toUpperCase()}`)
      .set('Authorization', customer.auth);

    expect(res.status).toBe(200);
  });

  it("when a customer touches someone else's resource, then 403", async () => {
    const customer = await bearerFor();

    const res = await request(app)
      .get(`/things/${uniqueEmail()}`)
      .set('Authorization', customer.auth);

    expect(res.status).toBe(403);
  });

  it("when an admin touches someone else's resource, then it is allowed", async () => {
    const admin = await bearerFor({ admin: true });

    expect(
      (await request(app).get(`/things/${uniqueEmail()}`).set('Authorization', admin.auth)).status,
    ).toBe(200);
  });
});
