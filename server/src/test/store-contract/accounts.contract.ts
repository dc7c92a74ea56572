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
    expect(again).toEqual({ ...created, name: 'Ana Silva', role: 'admin' });
    expect(await store().users.upsert('ANA@example.com')).toEqual(again);
    expect(await store().users.getByEmail('ANA@EXAMPLE.COM')).toEqual(again);
    expect(await store().users.getByEmail('nobody@example.com')).toBeNull();
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

  it('when a user is deleted, then the profile goes too and the orders stay', async () => {
    await store().users.upsert('ana@example.com', 'Ana');
    await store().profiles.upsert(profile());
    const tool = await store().tools.create(buildTool());
    const placed = await store().orders.place(
      buildOrderInput(tool._id, { userEmail: 'ana@example.com' }),
    );
    expect(placed.ok).toBe(true);
    expect(await store().users.delete('ANA@example.com')).toBe(1);
    expect(await store().users.getByEmail('ana@example.com')).toBeNull();
    expect(await store().profiles.get('ana@example.com')).toBeNull();
    expect(await store().orders.listByEmail('ana@example.com')).toHaveLength(1);
    expect(await store().users.delete('ana@example.com')).toBe(0);
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
