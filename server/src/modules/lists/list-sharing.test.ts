import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AddCartLinesResultSchema } from '@toolworks/contract/cart';
import { SavedListSchema, SavedListSummarySchema } from '@toolworks/contract/lists';
import { buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { createTradeCompany } from '../../test/trade-company.js';
import { testConfig, useTestApp } from '../../test/test-app.js';

const shop = useTestApp(testConfig());

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const call = (who: ShopSession, method: Method, path: string, body?: object) => {
  const req = request(shop.app)[method](`/api${path}`).set('Authorization', who.bearer);
  return body ? req.send(body) : req;
};
const person = (name: string) => signInToShop(shop.app, shop.store, { displayName: name });

const noTerms = { company: { paymentTerms: 'none', creditLimitCents: 0 } } as const;

/** Owner and colleague in one company, an outsider in another; the owner's list of one tool. */
async function scene() {
  const [owner, colleague, outsider] = await Promise.all([
    person('Olive Owner'),
    person('Colin Colleague'),
    person('Otto Outsider'),
  ]);
  const companyId = await createTradeCompany(shop.store, owner, {
    ...noTerms,
    members: [{ ...colleague, role: 'buyer' }],
  });
  await createTradeCompany(shop.store, outsider, noTerms);
  const tool = await shop.store.tools.create(
    buildTool({ availableQuantity: 100, minimumOrderQuantity: 5 }),
  );
  const created = await call(owner, 'post', '/lists', { name: 'Van restock' }).expect(201);
  const listId = SavedListSchema.parse(created.body)._id;
  await call(owner, 'post', `/lists/${listId}/lines`, { toolId: tool._id, quantity: 10 }).expect(
    200,
  );
  return { owner, colleague, outsider, companyId, listId, toolId: tool._id };
}

const summaries = async (who: ShopSession) =>
  SavedListSummarySchema.array().parse((await call(who, 'get', '/lists').expect(200)).body);

describe('PUT /api/lists/{id}/sharing', () => {
  it("when the owner shares a list, then the company's members see it marked shared and not theirs, read it and add it to their cart", async () => {
    const { owner, colleague, listId, toolId } = await scene();
    expect((await summaries(colleague)).map((l) => l._id)).not.toContain(listId);

    const shared = await call(owner, 'put', `/lists/${listId}/sharing`, { shared: true }).expect(
      200,
    );
    expect(SavedListSchema.parse(shared.body)).toMatchObject({ owned: true, shared: true });
    expect((await summaries(owner)).find((l) => l._id === listId)).toMatchObject({
      owned: true,
      shared: true,
    });
    expect((await summaries(colleague)).find((l) => l._id === listId)).toMatchObject({
      name: 'Van restock',
      owned: false,
      shared: true,
      ownerEmail: owner.email.toLowerCase(),
      lineCount: 1,
    });

    const read = await call(colleague, 'get', `/lists/${listId}`).expect(200);
    expect(SavedListSchema.parse(read.body)).toMatchObject({
      owned: false,
      lines: [{ toolId, quantity: 10, status: 'available' }],
    });
    const toCart = await call(colleague, 'post', `/lists/${listId}/cart`).expect(200);
    expect(AddCartLinesResultSchema.parse(toCart.body).cart.items).toEqual([
      expect.objectContaining({ toolId, quantity: 10 }),
    ]);
  });

  it('when a colleague tries to rename, delete, edit or unshare a shared list, then 404 and it stays as it was', async () => {
    const { owner, colleague, listId, toolId } = await scene();
    await call(owner, 'put', `/lists/${listId}/sharing`, { shared: true }).expect(200);
    await call(colleague, 'patch', `/lists/${listId}`, { name: 'Mine now' }).expect(404);
    await call(colleague, 'delete', `/lists/${listId}`).expect(404);
    await call(colleague, 'post', `/lists/${listId}/lines`, { toolId, quantity: 5 }).expect(404);
    await call(colleague, 'patch', `/lists/${listId}/lines/${toolId}`, { quantity: 99 }).expect(
      404,
    );
    await call(colleague, 'delete', `/lists/${listId}/lines/${toolId}`).expect(404);
    await call(colleague, 'put', `/lists/${listId}/sharing`, { shared: false }).expect(404);
    const list = await shop.store.savedLists.get(listId);
    expect(list).toMatchObject({ name: 'Van restock', lines: [{ toolId, quantity: 10 }] });
    expect(list?.companyId).toBeDefined();
  });

  it("when another company's member asks for a shared list, then 404 and it is not among their lists", async () => {
    const { owner, outsider, listId } = await scene();
    await call(owner, 'put', `/lists/${listId}/sharing`, { shared: true }).expect(200);
    const res = await call(outsider, 'get', `/lists/${listId}`).expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    await call(outsider, 'post', `/lists/${listId}/cart`).expect(404);
    expect((await summaries(outsider)).map((l) => l._id)).not.toContain(listId);
  });

  it('when a member is removed from the company, then their access ends at once', async () => {
    const { owner, colleague, companyId, listId } = await scene();
    await call(owner, 'put', `/lists/${listId}/sharing`, { shared: true }).expect(200);
    await call(colleague, 'get', `/lists/${listId}`).expect(200);
    expect(await shop.store.companies.removeMember(companyId, colleague.email.toLowerCase())).toBe(
      'REMOVED',
    );
    await call(colleague, 'get', `/lists/${listId}`).expect(404);
    await call(colleague, 'post', `/lists/${listId}/cart`).expect(404);
    expect((await summaries(colleague)).map((l) => l._id)).not.toContain(listId);
  });

  it('when the owner stops sharing, then colleagues lose it; an owner in no company cannot share (409)', async () => {
    const { owner, colleague, listId } = await scene();
    await call(owner, 'put', `/lists/${listId}/sharing`, { shared: true }).expect(200);
    const stopped = await call(owner, 'put', `/lists/${listId}/sharing`, { shared: false });
    expect(SavedListSchema.parse(stopped.body)).toMatchObject({ shared: false });
    await call(colleague, 'get', `/lists/${listId}`).expect(404);

    const loner = await person('Lone Buyer');
    const list = await call(loner, 'post', '/lists', { name: 'Solo' }).expect(201);
    const refused = await call(loner, 'put', `/lists/${list.body._id}/sharing`, { shared: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/company/);
    expect((await shop.store.savedLists.get(list.body._id as string))?.companyId).toBeUndefined();
  });
});
