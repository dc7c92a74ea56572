import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { verifyAccessToken } from '../../auth/index.js';
import { useTestApp } from '../../test/test-app.js';
import { createEmulatorUser, signInToShop, testDeps, uniqueEmail } from '../../test/sign-in.js';
import { disableEmulatorUser, forgeEmulatorIdToken } from '../../test/auth-emulator-tools.js';

const shop = useTestApp();

const exchange = (email: string, idToken?: string, body: object = { email }) => {
  const req = request(shop.app).put(`/api/user/${encodeURIComponent(email)}`);
  return (idToken ? req.set('Authorization', `Bearer ${idToken}`) : req).send(body);
};

describe('PUT /api/user/:email', () => {
  it('when the caller proves they are that email, then it answers a token for them and saves the user', async () => {
    const user = await createEmulatorUser({ displayName: 'Ada Lovelace' });

    const res = await exchange(user.email, user.idToken);

    expect(res.status).toBe(200);
    expect(verifyAccessToken(res.body.token, shop.config)).toEqual({
      email: user.email,
      issuedAt: expect.any(Number),
    });
    expect(await shop.store.users.getByEmail(user.email)).toMatchObject({ name: 'Ada Lovelace' });
  });

  it('when the path email differs only in letter case, then it is the same person', async () => {
    const user = await createEmulatorUser();

    const res = await exchange(user.email.toUpperCase(), user.idToken);

    expect(res.status).toBe(200);
    expect(verifyAccessToken(res.body.token, shop.config).email).toBe(user.email);
  });

  it('when the body offers a name, then it becomes the display name (fresh after sign-up)', async () => {
    const user = await createEmulatorUser();

    await exchange(user.email, user.idToken, { email: user.email, name: 'Grace Hopper' });

    expect((await shop.store.users.getByEmail(user.email))?.name).toBe('Grace Hopper');
  });

  it("when the ID token is someone else's, then 403 and no token", async () => {
    const caller = await createEmulatorUser();
    const victim = uniqueEmail('victim');

    const res = await exchange(victim, caller.idToken);

    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(res.body.token).toBeUndefined();
    expect(await shop.store.users.getByEmail(victim)).toBeNull();
  });

  it('when there is no ID token, then 401 with the error body', async () => {
    const res = await exchange(uniqueEmail());

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
  });

  it('when the ID token is garbage, then 401', async () => {
    const res = await exchange(uniqueEmail(), 'not-a-jwt');

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('when an unsigned ID token is forged for an account that does not exist, then 401', async () => {
    const email = uniqueEmail('forger');

    const res = await exchange(email, forgeEmulatorIdToken({ uid: 'no-such-uid', email }));

    expect(res.status).toBe(401);
    expect(await shop.store.users.getByEmail(email)).toBeNull();
  });

  it("when an ID token is forged with a real account's uid but another email, then 403", async () => {
    const attacker = await createEmulatorUser();
    const victim = uniqueEmail('victim');

    const res = await exchange(victim, forgeEmulatorIdToken({ uid: attacker.uid, email: victim }));

    expect(res.status).toBe(403);
    expect(await shop.store.users.getByEmail(victim)).toBeNull();
  });

  it('when the account was disabled in the sign-in provider, then 401', async () => {
    const user = await createEmulatorUser();
    await disableEmulatorUser(user.uid);

    const res = await exchange(user.email, user.idToken);

    expect(res.status).toBe(401);
  });

  it('when the body asks for the admin role, then the user stays a customer', async () => {
    const user = await createEmulatorUser();

    const res = await exchange(user.email, user.idToken, { email: user.email, role: 'admin' });

    expect(res.status).toBe(200);
    expect((await shop.store.users.getByEmail(user.email))?.role).toBeUndefined();
  });

  it('when the verified email is listed in ADMIN_EMAILS, then signing in makes them admin', async () => {
    const email = uniqueEmail('boss');
    const adminApp = createApp(
      testDeps(
        shop.store,
        loadConfig({ ...process.env, ADMIN_EMAILS: `someone@else.test, ${email}` }),
      ),
    );
    const user = await createEmulatorUser({ email, verified: true });

    const res = await request(adminApp)
      .put(`/api/user/${email}`)
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ email });

    expect(res.status).toBe(200);
    expect((await shop.store.users.getByEmail(email))?.role).toBe('admin');
  });

  it('when a client exceeds the per-minute limit, then 429 with the RATE_LIMITED body', async () => {
    const limited = createApp(
      testDeps(shop.store, loadConfig({ ...process.env, AUTH_RATE_LIMIT_PER_MINUTE: '3' })),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await request(limited).put(`/api/user/${uniqueEmail()}`).send({})).status);
    }
    const res = await request(limited).put(`/api/user/${uniqueEmail()}`).send({});

    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
  });
});

describe('GET /api/admin/:email', () => {
  it('when a customer asks about themselves, then admin is false', async () => {
    const me = await signInToShop(shop.app, shop.store);

    const res = await request(shop.app)
      .get(`/api/admin/${me.email}`)
      .set('Authorization', me.bearer);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ admin: false });
  });

  it('when a user is made admin after signing in, then the same token answers true at once', async () => {
    const me = await signInToShop(shop.app, shop.store);
    await shop.store.users.makeAdmin(me.email);

    const res = await request(shop.app)
      .get(`/api/admin/${me.email}`)
      .set('Authorization', me.bearer);

    expect(res.body).toEqual({ admin: true });
  });

  it('when an admin asks about another user, then they get the answer', async () => {
    const admin = await signInToShop(shop.app, shop.store, { admin: true });
    const other = await signInToShop(shop.app, shop.store, { admin: true });

    const res = await request(shop.app)
      .get(`/api/admin/${other.email}`)
      .set('Authorization', admin.bearer);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ admin: true });
  });

  it('when a customer asks about someone else, then 403', async () => {
    const me = await signInToShop(shop.app, shop.store);
    const other = await signInToShop(shop.app, shop.store, { admin: true });

    const res = await request(shop.app)
      .get(`/api/admin/${other.email}`)
      .set('Authorization', me.bearer);

    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it('when no access token is sent, then 401', async () => {
    const res = await request(shop.app).get(`/api/admin/${uniqueEmail()}`);

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });
});
