import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ProfileSchema } from '@toolworks/contract/profiles';
import { useTestApp } from '../../test/test-app.js';
import { signInToShop, uniqueEmail, type ShopSession } from '../../test/sign-in.js';

const shop = useTestApp();

const details = (overrides: Record<string, unknown> = {}) => ({
  name: 'Casey Jones',
  LinkedIn_profile_link: 'https://www.linkedin.com/in/casey-jones',
  country: 'Canada',
  street_address: '12 Harbour Street',
  city: 'Halifax',
  state: 'Nova Scotia',
  phone: '+1 (902) 555-0100',
  company_name: 'Harbour Fixings Ltd.',
  vat_id: 'CA-123 456.789/RT',
  delivery_address: 'Dock 4, 80 Water Street, Halifax',
  postal_code: 'B3J 1A1',
  ...overrides,
});

const save = (who: ShopSession, body: object) =>
  request(shop.app).post('/api/addUser').set('Authorization', who.bearer).send(body);
const read = (who: ShopSession | null, email: string) => {
  const req = request(shop.app).get(`/api/userDetails/${encodeURIComponent(email)}`);
  return who ? req.set('Authorization', who.bearer) : req;
};

describe('POST /api/addUser', () => {
  it('when a customer saves their details, then they are stored under their own email and answered', async () => {
    const me = await signInToShop(shop.app, shop.store);

    const res = await save(me, { ...details(), email_address: me.email });

    expect(res.status).toBe(200);
    expect(ProfileSchema.parse(res.body)).toEqual({ ...details(), email_address: me.email });
    expect(await shop.store.profiles.get(me.email)).toEqual({
      ...details(),
      email_address: me.email,
    });
  });

  it('when saved again, then the new details replace the old and left-out fields become empty', async () => {
    const me = await signInToShop(shop.app, shop.store);
    await save(me, details()).expect(200);

    await save(me, { name: 'Casey J.', city: 'Toronto' }).expect(200);

    expect(await shop.store.profiles.get(me.email)).toEqual({
      name: 'Casey J.',
      email_address: me.email,
      LinkedIn_profile_link: '',
      country: '',
      street_address: '',
      city: 'Toronto',
      state: '',
      phone: '',
      company_name: '',
      vat_id: '',
      delivery_address: '',
      postal_code: '',
    });
  });

  it("when the body names someone else's email_address, then 403 and nothing is written for either", async () => {
    const victim = await signInToShop(shop.app, shop.store);
    await save(victim, details({ name: 'Victim' })).expect(200);
    const attacker = await signInToShop(shop.app, shop.store);

    const res = await save(attacker, details({ name: 'Hacked', email_address: victim.email }));

    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect((await shop.store.profiles.get(victim.email))?.name).toBe('Victim');
    expect(await shop.store.profiles.get(attacker.email)).toBeNull();
  });

  it("when email_address is the caller's in other letter case, then it is saved", async () => {
    const me = await signInToShop(shop.app, shop.store);

    const res = await save(me, details({ email_address: me.email.toUpperCase() }));

    expect(res.status).toBe(200);
    expect(res.body.email_address).toBe(me.email);
  });

  it('when text fields carry spaces around them, then they are trimmed', async () => {
    const me = await signInToShop(shop.app, shop.store);

    const res = await save(me, details({ name: '  Casey  ', city: ' Halifax ' })).expect(200);

    expect(res.body).toMatchObject({ name: 'Casey', city: 'Halifax' });
  });

  it.each([
    ['name', { name: undefined }, 'Name is required'],
    ['name', { name: '   ' }, 'Name is required'],
    ['name', { name: 'n'.repeat(101) }, '100 characters'],
    ['LinkedIn_profile_link', { LinkedIn_profile_link: 'javascript:alert(1)' }, 'http'],
    ['LinkedIn_profile_link', { LinkedIn_profile_link: 'linkedin.com/in/me' }, 'http'],
    [
      'LinkedIn_profile_link',
      { LinkedIn_profile_link: `https://x.test/${'a'.repeat(290)}` },
      '300',
    ],
    ['country', { country: 'c'.repeat(101) }, '100'],
    ['street_address', { street_address: 's'.repeat(201) }, '200'],
    ['city', { city: 'c'.repeat(101) }, '100'],
    ['state', { state: 's'.repeat(101) }, '100'],
    ['phone', { phone: '555-CALL-NOW' }, 'digits'],
    ['phone', { phone: '1'.repeat(31) }, '30'],
    ['city', { city: 42 }, 'text'],
    ['company_name', { company_name: 'c'.repeat(101) }, '100'],
    ['vat_id', { vat_id: 'GB<script>' }, 'letters, digits'],
    ['vat_id', { vat_id: '1'.repeat(31) }, '30'],
    ['delivery_address', { delivery_address: 'd'.repeat(301) }, '300'],
    ['delivery_address', { delivery_address: ['Dock 4'] }, 'text'],
    ['postal_code', { postal_code: 'B3J<1A1>' }, 'letters, digits'],
    ['postal_code', { postal_code: '1'.repeat(13) }, '12'],
  ])('when %s is invalid (%j), then 400 naming the field', async (field, overrides, message) => {
    const me = await signInToShop(shop.app, shop.store);

    const res = await save(me, details(overrides));

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toContainEqual({
      path: field,
      message: expect.stringContaining(message),
    });
    expect(await shop.store.profiles.get(me.email)).toBeNull();
  });

  it('when the longest allowed values are sent, then they are accepted', async () => {
    const me = await signInToShop(shop.app, shop.store);
    const longest = details({
      name: 'n'.repeat(100),
      LinkedIn_profile_link: `http://x.test/${'a'.repeat(286)}`,
      street_address: 's'.repeat(200),
      phone: '1'.repeat(30),
      company_name: 'c'.repeat(100),
      vat_id: '1'.repeat(30),
      delivery_address: 'd'.repeat(300),
      postal_code: '1'.repeat(12),
    });

    await save(me, longest).expect(200);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(shop.app)
      .post('/api/addUser')
      .send(details({ email_address: uniqueEmail() }));

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/userDetails/:email', () => {
  it('when a user reads their own saved details, then they get them', async () => {
    const me = await signInToShop(shop.app, shop.store);
    await save(me, details()).expect(200);

    const res = await read(me, me.email.toUpperCase());

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...details(), email_address: me.email });
  });

  it('when nothing was saved yet, then 200 with null (no error for a new account)', async () => {
    const me = await signInToShop(shop.app, shop.store);

    const res = await read(me, me.email);

    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  it("when a customer asks for someone else's details, then 403", async () => {
    const other = await signInToShop(shop.app, shop.store);
    await save(other, details()).expect(200);
    const me = await signInToShop(shop.app, shop.store);

    const res = await read(me, other.email);

    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it("when an admin asks for someone else's details, then they get them", async () => {
    const other = await signInToShop(shop.app, shop.store);
    await save(other, details({ name: 'Other' })).expect(200);
    const admin = await signInToShop(shop.app, shop.store, { admin: true });

    const res = await read(admin, other.email);

    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Other');
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await read(null, uniqueEmail());

    expect(res.status).toBe(401);
  });

  it('when the email is malformed, then 400 naming it', async () => {
    const me = await signInToShop(shop.app, shop.store);

    const res = await read(me, 'not-an-email');

    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({
      path: 'email',
      message: 'Provide a valid email',
    });
  });
});
