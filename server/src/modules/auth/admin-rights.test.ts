import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ShopApp } from '../../app.js';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { useTestApp } from '../../test/test-app.js';
import { createEmulatorUser, testDeps, uniqueEmail } from '../../test/sign-in.js';
import {
  forgeEmulatorIdToken,
  setEmulatorEmailVerified,
  signInWithEmulatorGoogle,
} from '../../test/auth-emulator-tools.js';
import { signInEmulatorUser } from '../../test/sign-in.js';

/**
 * Where admin rights come from: ADMIN_EMAILS (only for a verified address, only while listed)
 * and Make Admin (only for a verified address, until taken away). Each app here is the shop
 * started with a different ADMIN_EMAILS over the same store, as after a restart.
 */
const shop = useTestApp();

const appListing = (...emails: string[]): ShopApp =>
  createApp(
    testDeps(
      shop.store,
      loadConfig({
        ...process.env,
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        ADMIN_EMAILS: emails.join(','),
      }),
    ),
  );

function exchange(app: ShopApp, email: string, idToken: string) {
  return request(app)
    .put(`/api/user/${encodeURIComponent(email)}`)
    .set('Authorization', `Bearer ${idToken}`)
    .send({ email });
}

const isAdmin = async (app: ShopApp, email: string, token: string) =>
  (
    await request(app)
      .get(`/api/admin/${encodeURIComponent(email)}`)
      .set('Authorization', `Bearer ${token}`)
  ).body.admin as boolean;

const canListUsers = async (app: ShopApp, token: string) =>
  (await request(app).get('/api/users').set('Authorization', `Bearer ${token}`)).status === 200;

describe('ADMIN_EMAILS and a verified email', () => {
  it('when an unverified listed address signs in, then it is a customer and is told to verify', async () => {
    const email = uniqueEmail('boss');
    const app = appListing(email);
    const user = await createEmulatorUser({ email });

    const res = await exchange(app, email, user.idToken);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      emailVerified: false,
      notice: expect.stringMatching(/verify your email address to get your admin rights/i),
    });
    expect(await isAdmin(app, email, res.body.token)).toBe(false);
    expect(await canListUsers(app, res.body.token)).toBe(false);
  });

  it('when that address then follows the link and signs in again, then it is admin', async () => {
    const email = uniqueEmail('boss');
    const app = appListing(email);
    const user = await createEmulatorUser({ email });
    await exchange(app, email, user.idToken).expect(200);

    await setEmulatorEmailVerified(user.uid, true);
    const res = await exchange(app, email, await signInEmulatorUser(email, user.password));

    expect(res.body).toEqual({ token: expect.any(String), emailVerified: true });
    expect(await isAdmin(app, email, res.body.token)).toBe(true);
    expect(await canListUsers(app, res.body.token)).toBe(true);
  });

  it('when an unverified ID token claims email_verified, then the emulator record wins and no admin', async () => {
    const email = uniqueEmail('boss');
    const app = appListing(email);
    const user = await createEmulatorUser({ email });

    const res = await exchange(app, email, forgeEmulatorIdToken({ uid: user.uid, email }));

    expect(res.status).toBe(200);
    expect(res.body.emailVerified).toBe(false);
    expect(await isAdmin(app, email, res.body.token)).toBe(false);
  });

  it('when a listed address signs in with Google and the token says email_verified: false, then it is not verified and not admin', async () => {
    const email = uniqueEmail('gboss');
    const app = appListing(email);
    const google = await signInWithEmulatorGoogle(email, false);

    const res = await exchange(app, email, google.idToken);

    expect(res.status).toBe(200);
    expect(res.body.emailVerified).toBe(false);
    expect(await isAdmin(app, email, res.body.token)).toBe(false);
  });

  it('when a listed address signs in with Google and the token says email_verified: true, then it counts as verified', async () => {
    const email = uniqueEmail('gboss');
    const app = appListing(email);
    const google = await signInWithEmulatorGoogle(email, true);

    const res = await exchange(app, email, google.idToken);

    expect(res.body.emailVerified).toBe(true);
    expect(await isAdmin(app, email, res.body.token)).toBe(true);
  });

  it('when a listed admin is taken off the list, then their rights end at the next request and the stored role at the next sign-in', async () => {
    const email = uniqueEmail('boss');
    const listed = appListing(email);
    const user = await createEmulatorUser({ email, verified: true });
    const { token } = (await exchange(listed, email, user.idToken)).body;
    expect(await canListUsers(listed, token)).toBe(true);

    const delisted = appListing('someone-else@example.com');

    expect(await canListUsers(delisted, token)).toBe(false);
    expect(await isAdmin(delisted, email, token)).toBe(false);
    await exchange(delisted, email, await signInEmulatorUser(email, user.password)).expect(200);
    expect((await shop.store.users.getByEmail(email))?.role).toBeUndefined();
  });

  it('when a listed admin was also made admin with Make Admin, then leaving the list keeps the granted right', async () => {
    const email = uniqueEmail('boss');
    const grantor = uniqueEmail('grantor');
    const listed = appListing(email, grantor);
    const boss = await createEmulatorUser({ email, verified: true });
    const other = await createEmulatorUser({ email: grantor, verified: true });
    await exchange(listed, email, boss.idToken).expect(200);
    const grantorToken = (await exchange(listed, grantor, other.idToken)).body.token;
    const grant = await request(listed)
      .put(`/api/user/admin/${encodeURIComponent(email)}`)
      .set('Authorization', `Bearer ${grantorToken}`);
    expect(grant.body).toEqual({ modifiedCount: 1 });

    const delisted = appListing(grantor);
    const res = await exchange(delisted, email, await signInEmulatorUser(email, boss.password));

    expect(await isAdmin(delisted, email, res.body.token)).toBe(true);
    expect(await shop.store.users.getByEmail(email)).toMatchObject({ adminSource: 'granted' });
  });
});

describe('PUT /api/user/admin/:email and a verified email', () => {
  async function adminAndApp() {
    const adminEmail = uniqueEmail('admin');
    const app = appListing(adminEmail);
    const admin = await createEmulatorUser({ email: adminEmail, verified: true });
    const token = (await exchange(app, adminEmail, admin.idToken)).body.token as string;
    return { app, bearer: `Bearer ${token}` };
  }

  it('when the user has not verified their email, then 409 saying so and they stay a customer', async () => {
    const { app, bearer } = await adminAndApp();
    const user = await createEmulatorUser();
    const { token } = (await exchange(app, user.email, user.idToken)).body;

    const res = await request(app)
      .put(`/api/user/admin/${encodeURIComponent(user.email)}`)
      .set('Authorization', bearer);

    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'CONFLICT',
      message: `${user.email} has not verified their email address yet; they can be made admin once they have`,
    });
    expect(await isAdmin(app, user.email, token)).toBe(false);
  });

  it('when the user has verified it since, then they are made admin', async () => {
    const { app, bearer } = await adminAndApp();
    const user = await createEmulatorUser();
    await exchange(app, user.email, user.idToken).expect(200);
    await setEmulatorEmailVerified(user.uid, true);

    const res = await request(app)
      .put(`/api/user/admin/${encodeURIComponent(user.email)}`)
      .set('Authorization', bearer);

    expect(res.body).toEqual({ modifiedCount: 1 });
    expect(await shop.store.users.getByEmail(user.email)).toMatchObject({
      role: 'admin',
      adminSource: 'granted',
    });
  });
});
