import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { UserListSchema } from '@toolworks/contract/users';
import { useAdminTestApp } from '../../test/admin-test-app.js';

const shop = useAdminTestApp();

const list = (query: string) =>
  request(shop.app).get(`/api/users?${query}`).set('Authorization', shop.admin.bearer);
const emails = (body: unknown) => UserListSchema.parse(body).map((u) => u.email);

describe('GET /api/users?search=', () => {
  beforeAll(async () => {
    await shop.store.users.upsert('grace.hopper@navy.example', 'Grace Hopper');
    await shop.store.users.upsert('alan@bletchley.example', 'Alan Turing');
    await shop.store.users.upsert('percent_50%@odd.example');
    await shop.store.users.upsert('gone.hopper@navy.example', 'Gone Hopper');
    await shop.store.users.remove('gone.hopper@navy.example');
  });

  it.each([
    ['part of an email, in another case', 'BLETCHLEY', ['alan@bletchley.example']],
    ['part of a name, in another case', 'turing', ['alan@bletchley.example']],
    ['what two accounts share', 'navy', ['grace.hopper@navy.example']],
    ['LIKE wildcards, taken literally', '_50%', ['percent_50%@odd.example']],
    ['a regex-looking .*', '.*', []],
    ['nothing that matches', 'nobody-here', []],
  ])(
    'when the search is %s, then only those accounts come, oldest first',
    async (_, search, expected) => {
      const res = await list(`search=${encodeURIComponent(search)}`).expect(200);
      expect(emails(res.body)).toEqual(expected);
    },
  );

  it('when the search is blank, then every account in the shop comes', async () => {
    const res = await list('search=%20%20').expect(200);
    expect(emails(res.body)).toEqual(
      expect.arrayContaining([shop.admin.email, 'grace.hopper@navy.example']),
    );
    expect(emails(res.body)).not.toContain('gone.hopper@navy.example');
  });

  it('when removed accounts are searched, then only the removed ones that match come', async () => {
    const res = await list('removed=true&search=HOPPER').expect(200);
    expect(emails(res.body)).toEqual(['gone.hopper@navy.example']);
  });

  it.each([['search=a%00b'], ['search=tab%09here'], [`search=${'y'.repeat(101)}`]])(
    'when the query has %s, then 400 naming search',
    async (query) => {
      const res = await list(query).expect(400);
      expect(ErrorBodySchema.parse(res.body).error.details).toEqual([
        expect.objectContaining({ path: 'search' }),
      ]);
    },
  );

  it('when a customer searches, then 403 and no accounts', async () => {
    const res = await request(shop.app)
      .get('/api/users?search=hopper')
      .set('Authorization', shop.customer.bearer)
      .expect(403);
    expect(JSON.stringify(res.body)).not.toContain('hopper');
  });
});
