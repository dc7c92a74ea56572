import { expect, it } from 'vitest';
import type { ProfileRecord } from '../../store/store.js';
import { buildOrderInput, buildReview, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const profile = (overrides: Partial<ProfileRecord> = {}): ProfileRecord => ({
  name: 'Ana Silva',
  email_address: 'ana@example.com',
  LinkedIn_profile_link: 'https://www.linkedin.com/in/ana-silva',
  country: 'PT',
  street_address: '1 Rua Augusta',
  city: 'Lisbon',
  state: 'Lisboa',
  phone: '+351 21 000 0000',
  company_name: 'Augusta Ferragens Lda',
  vat_id: 'PT 501 234 567',
  delivery_address: 'Armazém 3, Rua do Porto 10, Lisbon',
  postal_code: '1100-053',
  ...overrides,
});

export function accountsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  it('when a user signs in again, then the name is refreshed and id, createdAt and role kept', async () => {
    const created = await store().users.upsert('Ana@Example.com', 'Ana');
    expect(created).toMatchObject({ email: 'ana@example.com', name: 'Ana' });
    expect(created).not.toHaveProperty('role');
    expect(await store().users.makeAdmin('ana@example.com')).toBe(1);

    const again = await store().users.upsert('ana@example.com', 'Ana Silva');
    expect(again).toEqual({ ...created, name: 'Ana Silva', role: 'admin', adminSource: 'granted' });
    expect(await store().users.upsert('ANA@example.com')).toEqual(again);
    expect(await store().users.getByEmail('ANA@EXAMPLE.COM')).toEqual(again);
    expect(await store().users.getByEmail('nobody@example.com')).toBeNull();
  });

  it('when profiles are read for several addresses, then the saved ones come in one answer', async () => {
    await store().profiles.upsert(profile());
    await store().profiles.upsert(
      profile({ email_address: 'bo@example.com', company_name: 'Bo Ltd' }),
    );

    const found = await store().profiles.getMany(['ANA@example.com', 'bo@example.com', 'no@x.com']);

    expect(found.map((p) => [p.email_address, p.company_name]).sort()).toEqual([
      ['ana@example.com', 'Augusta Ferragens Lda'],
      ['bo@example.com', 'Bo Ltd'],
    ]);
    expect(await store().profiles.getMany([])).toEqual([]);
  });

  it('when a user without a name signs in, then no name field is present', async () => {
    expect(await store().users.upsert('quiet@example.com')).not.toHaveProperty('name');
  });

  it('when making an admin, then 1 the first time and 0 after or for unknown users', async () => {
    await store().users.upsert('bo@example.com');
    expect(await store().users.makeAdmin('Bo@Example.com')).toBe(1);
    expect(await store().users.makeAdmin('bo@example.com')).toBe(0);
    expect(await store().users.makeAdmin('ghost@example.com')).toBe(0);
    expect(await store().users.getByEmail('bo@example.com')).toMatchObject({ role: 'admin' });
  });

  it('when users are listed, then the oldest comes first', async () => {
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
      await store().users.upsert(email);
    expect((await store().users.list()).map((u) => u.email)).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });

  it('when a user is removed, then the address is blocked, the profile goes and the orders stay', async () => {
    await store().users.upsert('ana@example.com', 'Ana');
    await store().profiles.upsert(profile());
    const tool = await store().tools.create(buildTool());
    const placed = await store().orders.place(
      buildOrderInput(tool._id, { userEmail: 'ana@example.com' }),
    );
    expect(placed.ok).toBe(true);
    expect(await store().users.remove('ANA@example.com')).toBe('REMOVED');
    expect(await store().users.getByEmail('ana@example.com')).toBeNull();
    const blocked = await store().users.getByEmail('ana@example.com', { includeRemoved: true });
    expect(blocked).toMatchObject({ email: 'ana@example.com', removedAt: expect.any(String) });
    expect(await store().profiles.get('ana@example.com')).toBeNull();
    expect(await store().orders.listByEmail('ana@example.com')).toHaveLength(1);
    expect(await store().users.remove('ana@example.com')).toBe('NOT_FOUND');
    expect(await store().users.remove('ghost@example.com')).toBe('NOT_FOUND');
    // Signing in again neither lets them back in nor forgets that they were removed.
    expect(await store().users.upsert('ana@example.com', 'Ana Again')).toMatchObject({
      removedAt: blocked?.removedAt,
    });
    expect(await store().users.makeAdmin('ana@example.com')).toBe(0);
  });

  it('when users are listed, then removed ones appear only in the removed list, and restore brings them back', async () => {
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
      await store().users.upsert(email);
    await store().users.remove('b@example.com');
    expect((await store().users.list()).map((u) => u.email)).toEqual([
      'a@example.com',
      'c@example.com',
    ]);
    expect((await store().users.list({ removed: true })).map((u) => u.email)).toEqual([
      'b@example.com',
    ]);
    expect(await store().users.restore('B@example.com')).toBe(1);
    expect(await store().users.restore('b@example.com')).toBe(0);
    expect(await store().users.restore('a@example.com')).toBe(0);
    expect(await store().users.getByEmail('b@example.com')).not.toHaveProperty('removedAt');
    expect(await store().users.list({ removed: true })).toEqual([]);
  });

  it('when an admin is removed, then the right goes with them and a restore brings back a customer', async () => {
    for (const email of ['a@example.com', 'b@example.com']) {
      await store().users.upsert(email);
      await store().users.makeAdmin(email);
    }
    expect(await store().users.remove('a@example.com')).toBe('REMOVED');
    await store().users.restore('a@example.com');
    expect(await store().users.getByEmail('a@example.com')).not.toHaveProperty('role');
  });

  it('when the last admin would be removed or demoted, then it is refused and they stay admin', async () => {
    await store().users.upsert('only@example.com');
    await store().users.makeAdmin('only@example.com');
    expect(await store().users.remove('only@example.com')).toBe('LAST_ADMIN');
    expect(await store().users.demoteAdmin('only@example.com')).toBe('LAST_ADMIN');
    expect(await store().users.getByEmail('only@example.com')).toMatchObject({
      role: 'admin',
      adminSource: 'granted',
    });
  });

  it('when one of two admins is demoted, then the other is the last and cannot be', async () => {
    for (const email of ['a@example.com', 'b@example.com']) {
      await store().users.upsert(email);
      await store().users.makeAdmin(email);
    }
    expect(await store().users.demoteAdmin('A@example.com')).toBe('DEMOTED');
    expect(await store().users.getByEmail('a@example.com')).not.toHaveProperty('role');
    expect(await store().users.getByEmail('a@example.com')).not.toHaveProperty('adminSource');
    expect(await store().users.demoteAdmin('a@example.com')).toBe('NOT_ADMIN');
    expect(await store().users.demoteAdmin('ghost@example.com')).toBe('NOT_ADMIN');
    expect(await store().users.demoteAdmin('b@example.com')).toBe('LAST_ADMIN');
  });

  it('when two admins demote each other at once, then at least one admin remains', async () => {
    for (const email of ['a@example.com', 'b@example.com']) {
      await store().users.upsert(email);
      await store().users.makeAdmin(email);
    }
    const results = await Promise.all([
      store().users.demoteAdmin('a@example.com'),
      store().users.demoteAdmin('b@example.com'),
    ]);
    expect(results.filter((r) => r === 'DEMOTED').length).toBeLessThanOrEqual(1);
    const admins = (await store().users.list()).filter((u) => u.role === 'admin');
    expect(admins.length).toBeGreaterThanOrEqual(1);
  });

  it('when the list and Make Admin both grant, then the source says which and a grant outlasts the list', async () => {
    await store().users.upsert('listed@example.com');
    await store().users.upsert('kept@example.com');
    expect(await store().users.makeAdmin('listed@example.com', 'list')).toBe(1);
    expect(await store().users.makeAdmin('listed@example.com', 'list')).toBe(0);
    expect(await store().users.getByEmail('listed@example.com')).toMatchObject({
      role: 'admin',
      adminSource: 'list',
    });
    // kept: listed first, then granted with Make Admin; the list never downgrades a grant.
    expect(await store().users.makeAdmin('kept@example.com', 'list')).toBe(1);
    expect(await store().users.makeAdmin('kept@example.com', 'granted')).toBe(1);
    expect(await store().users.makeAdmin('kept@example.com', 'list')).toBe(0);
    expect(await store().users.getByEmail('kept@example.com')).toMatchObject({
      adminSource: 'granted',
    });

    expect(await store().users.demoteListAdminsExcept(['other@example.com'])).toBe(1);
    expect(await store().users.getByEmail('listed@example.com')).not.toHaveProperty('role');
    expect(await store().users.getByEmail('kept@example.com')).toMatchObject({ role: 'admin' });
    expect(await store().users.demoteListAdminsExcept([])).toBe(0);
  });

  it('when a profile is saved twice, then the second replaces the first under the lower-cased email', async () => {
    expect(await store().profiles.get('ana@example.com')).toBeNull();
    expect(await store().profiles.upsert(profile({ email_address: 'Ana@Example.com' }))).toEqual(
      profile(),
    );
    const moved = profile({ city: 'Porto', state: 'Porto', phone: '+351 22 000 0000' });
    await store().profiles.upsert(moved);
    expect(await store().profiles.get('ANA@example.com')).toEqual(moved);
  });

  it('when reviews are added, then they are listed newest first and counted', async () => {
    const first = await store().reviews.create(
      buildReview({ ratings: 4, authorEmail: 'Rev@Example.com' }),
    );
    expect(first).toMatchObject({ ratings: 4, authorEmail: 'rev@example.com' });
    expect(await store().reviews.insertMany([buildReview(), buildReview()])).toBe(2);
    const listed = await store().reviews.list();
    expect(listed).toHaveLength(3);
    expect(listed[2]).toEqual(first);
    expect(await store().reviews.count()).toBe(3);
  });

  it('when a payment event is replayed, then it is recorded only the first time', async () => {
    expect(
      await store().paymentEvents.record('evt_1', 'payment_intent.succeeded', 'e'.repeat(24)),
    ).toBe(true);
    expect(
      await store().paymentEvents.record('evt_1', 'payment_intent.succeeded', 'e'.repeat(24)),
    ).toBe(false);
    expect(await store().paymentEvents.record('evt_2', 'charge.refunded', null)).toBe(true);
  });
}
