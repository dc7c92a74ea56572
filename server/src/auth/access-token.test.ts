import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import jwt from 'jsonwebtoken';
import { useTestApp } from '../test/test-app.js';
import { uniqueEmail } from '../test/sign-in.js';
import { signAccessToken } from './access-token.js';

const shop = useTestApp();

async function customer() {
  const email = uniqueEmail('holder');
  await shop.store.users.upsert(email, 'Token Holder');
  return email;
}

const askAdmin = (email: string, token: string) =>
  request(shop.app).get(`/api/admin/${email}`).set('Authorization', `Bearer ${token}`);

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the access token on a requireUser route (GET /api/admin/:email)', () => {
  it('when the token is the one the shop signed, then the call goes through', async () => {
    const email = await customer();

    const res = await askAdmin(email, signAccessToken(email, shop.config));

    expect(res.status).toBe(200);
  });

  it('when the token says alg none and has no signature, then 401', async () => {
    const email = await customer();
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${segment({ alg: 'none', typ: 'JWT' })}.${segment({ email, sub: email, iss: 'toolworks', iat: now, exp: now + 600 })}.`;

    const res = await askAdmin(email, unsigned);

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('when the payload was changed after signing, then 401', async () => {
    const email = await customer();
    const [header, , signature] = signAccessToken(email, shop.config).split('.');
    const admin = await customer();
    await shop.store.users.makeAdmin(admin);
    const tampered = `${header}.${segment({ email: admin, sub: admin, iss: 'toolworks', exp: 9_999_999_999 })}.${signature}`;

    const res = await askAdmin(admin, tampered);

    expect(res.status).toBe(401);
  });

  it('when the token is signed with another secret, then 401', async () => {
    const email = await customer();
    const token = jwt.sign({ email }, 'not-our-secret', {
      algorithm: 'HS256',
      issuer: 'toolworks',
    });

    expect((await askAdmin(email, token)).status).toBe(401);
  });

  it('when the token is RS256-signed (algorithm confusion), then 401', async () => {
    const email = await customer();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const token = jwt.sign({ email }, privateKey, { algorithm: 'RS256', issuer: 'toolworks' });

    expect((await askAdmin(email, token)).status).toBe(401);
  });

  it('when the token has expired, then 401 saying the session expired', async () => {
    const email = await customer();
    const expired = jwt.sign(
      { email, exp: Math.floor(Date.now() / 1000) - 5 },
      shop.config.jwt.secret,
      { algorithm: 'HS256', issuer: 'toolworks' },
    );

    const res = await askAdmin(email, expired);

    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/expired/);
  });

  it('when a token that was accepted reaches its expiry, then the next call is refused as expired', async () => {
    const email = await customer();
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = jwt.sign({ email, exp }, shop.config.jwt.secret, {
      algorithm: 'HS256',
      issuer: 'toolworks',
    });
    expect((await askAdmin(email, token)).status).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'], now: exp * 1000 });
    try {
      const res = await askAdmin(email, token);

      expect(res.status).toBe(401);
      expect(res.body.error.message).toMatch(/expired/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('when the user was removed from the shop after signing in, then their token is refused', async () => {
    const email = await customer();
    const token = signAccessToken(email, shop.config);
    await shop.store.users.remove(email);

    const res = await askAdmin(email, token);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('This account was removed by the shop');
  });

  it('when a token signed with our secret has no exp, then 401 (it would never expire)', async () => {
    const email = await customer();
    const forever = jwt.sign({ email }, shop.config.jwt.secret, {
      algorithm: 'HS256',
      issuer: 'toolworks',
      subject: email,
    });

    const res = await askAdmin(email, forever);

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('when the shop signs a token, then it expires JWT_TTL seconds after it was issued', () => {
    const decoded = jwt.decode(signAccessToken('ttl@example.com', shop.config)) as jwt.JwtPayload;

    expect(decoded.exp! - decoded.iat!).toBe(shop.config.jwt.ttlSeconds);
  });

  it('when the Authorization header is not a Bearer token, then 401', async () => {
    const email = await customer();

    const res = await request(shop.app)
      .get(`/api/admin/${email}`)
      .set('Authorization', `Basic ${signAccessToken(email, shop.config)}`);

    expect(res.status).toBe(401);
  });
});
