import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { ToolSchema } from '@toolworks/contract/tools';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { useAdminTestApp } from '../../test/admin-test-app.js';
import type { ShopSession } from '../../test/sign-in.js';

const shop = useAdminTestApp();

const validTool = (overrides: Record<string, unknown> = {}) => ({
  name: 'Impact Driver 18V',
  img: '/images/tools/impact-driver.svg',
  price: 129.99,
  description: 'Brushless, three speeds, 200 Nm.',
  availableQuantity: 400,
  MinimumOrderQuantity: 20,
  ...overrides,
});

type Method = 'post' | 'put' | 'delete';
const call = (session: ShopSession | null, method: Method, url: string, body?: object) => {
  const req = request(shop.app)[method](url);
  if (session) req.set('Authorization', session.bearer);
  return body ? req.send(body) : req;
};

function expectFieldError(res: request.Response, field: string) {
  const body = ErrorBodySchema.parse(res.body);
  expect(body.error.code).toBe('VALIDATION_ERROR');
  expect(body.error.details).toEqual([expect.objectContaining({ path: field })]);
}

const invalidBodies: [string, Record<string, unknown>, string][] = [
  ['an empty name', { name: '   ' }, 'name'],
  ['a 121-character name', { name: 'x'.repeat(121) }, 'name'],
  ['a javascript: image', { img: 'javascript:alert(1)' }, 'img'],
  ['a data: image', { img: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'img'],
  ['an image path outside /images', { img: '/api/tools.svg' }, 'img'],
  ['an image path climbing up', { img: '/images/../secret.png' }, 'img'],
  ['a price of 0', { price: 0 }, 'price'],
  ['a price of -1', { price: -1 }, 'price'],
  ['a price with three decimals', { price: 1.005 }, 'price'],
  ["a price of 'abc'", { price: 'abc' }, 'price'],
  ['a price as a numeric string', { price: '12.50' }, 'price'],
  ['a fractional availability', { availableQuantity: 10.5 }, 'availableQuantity'],
  ['a negative availability', { availableQuantity: -1 }, 'availableQuantity'],
  ['a fractional minimum', { MinimumOrderQuantity: 2.5 }, 'MinimumOrderQuantity'],
  ['a minimum of 0', { MinimumOrderQuantity: 0 }, 'MinimumOrderQuantity'],
  [
    'a minimum above the availability',
    { availableQuantity: 10, MinimumOrderQuantity: 11 },
    'MinimumOrderQuantity',
  ],
  ['a 2,001-character description', { description: 'd'.repeat(2001) }, 'description'],
  ['no description', { description: undefined }, 'description'],
];

describe('POST /api/addtools', () => {
  it.each([
    [{ availableQuantity: -1 }, 'availableQuantity', 'Availability must be 0 or more'],
    [
      { MinimumOrderQuantity: 0 },
      'MinimumOrderQuantity',
      'Minimum order quantity must be 1 or more',
    ],
    [
      { availableQuantity: 5, MinimumOrderQuantity: 10 },
      'MinimumOrderQuantity',
      'Minimum order quantity cannot be more than the availability (unless it is 0, sold out)',
    ],
    [
      { priceTiers: [{ minQuantity: 1, price: 5 }] },
      'priceTiers.0.minQuantity',
      'Quantity must be 2 or more',
    ],
  ])(
    'when a field is refused (%o), then the message names it in words and only details carry the wire name',
    async (overrides, path, message) => {
      const res = await call(shop.admin, 'post', '/api/addtools', validTool(overrides)).expect(400);
      const { error } = ErrorBodySchema.parse(res.body);
      expect(error.message).toBe(message);
      expect(error.details).toEqual([{ path, message }]);
    },
  );

  it('when nobody is signed in, then 401 and nothing is added', async () => {
    const before = await shop.store.tools.count();
    const res = await call(null, 'post', '/api/addtools', validTool()).expect(401);
    expect(ErrorBodySchema.parse(res.body).error.code).toBe('UNAUTHENTICATED');
    expect(await shop.store.tools.count()).toBe(before);
  });

  it('when a customer adds a tool, then 403 and nothing is added', async () => {
    const before = await shop.store.tools.count();
    const res = await call(shop.customer, 'post', '/api/addtools', validTool()).expect(403);
    expect(ErrorBodySchema.parse(res.body).error.code).toBe('FORBIDDEN');
    expect(await shop.store.tools.count()).toBe(before);
  });

  it('when an admin adds a valid tool, then 201 with the tool as GET /tool/:id shows it', async () => {
    const res = await call(
      shop.admin,
      'post',
      '/api/addtools',
      validTool({ name: '  Impact Driver 18V  ' }),
    ).expect(201);
    const created = ToolSchema.parse(res.body);
    // Optional: a datasheet when there is one, a contract price only for a company's members.
    const keys = Object.keys(ToolSchema.shape).filter(
      (key) => key !== 'datasheetUrl' && key !== 'contractPrice',
    );
    expect(Object.keys(res.body).sort()).toEqual(keys.sort());
    expect(created).toEqual({
      ...validTool(),
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      sku: expect.stringMatching(/^OTH-[0-9A-F]{24}$/),
      category: 'other',
      specs: [],
      rating: { average: 0, count: 0 },
      priceTiers: [],
      images: [],
      leadTimeDays: null,
      allowBackorders: false,
      incomingStock: [],
      unit: 'C62',
      packSize: 1,
      orderMultiple: 1,
      priceBasis: 1,
      taxClass: 'standard',
    });
    const read = await request(shop.app).get(`/api/tool/${created._id}`).expect(200);
    expect(read.body).toEqual(res.body);
    const found = await request(shop.app)
      .get('/api/tools')
      .query({ search: 'impact driver' })
      .expect(200);
    expect(found.body.map((t: { _id: string }) => t._id)).toContain(created._id);
  });

  it('when the price has cents, then they are stored exactly as integer cents', async () => {
    const res = await call(shop.admin, 'post', '/api/addtools', validTool({ price: 19.99 })).expect(
      201,
    );
    expect((await shop.store.tools.get(res.body._id))?.priceCents).toBe(1999);
    expect(res.body.price).toBe(19.99);
  });

  it.each([
    ['https://cdn.example.com/drill.png'],
    ['http://images.example.org/a/b.webp?size=2'],
    ['/images/tools/drill_2-pro.jpeg'],
  ])('when the image is %s, then it is accepted', async (img) => {
    const res = await call(shop.admin, 'post', '/api/addtools', validTool({ img })).expect(201);
    expect(res.body.img).toBe(img);
  });

  it('when the name has 120 characters and the minimum equals the availability, then it is accepted', async () => {
    const body = validTool({
      name: 'n'.repeat(120),
      availableQuantity: 5,
      MinimumOrderQuantity: 5,
    });
    await call(shop.admin, 'post', '/api/addtools', body).expect(201);
  });

  it.each(invalidBodies)(
    'when the body has %s, then 400 naming %j',
    async (_label, overrides, field) => {
      const before = await shop.store.tools.count();
      const res = await call(shop.admin, 'post', '/api/addtools', validTool(overrides)).expect(400);
      expectFieldError(res, field);
      expect(await shop.store.tools.count()).toBe(before);
    },
  );

  it('when the body is empty, then 400 naming every field', async () => {
    const res = await call(shop.admin, 'post', '/api/addtools', {}).expect(400);
    const paths = (ErrorBodySchema.parse(res.body).error.details as { path: string }[]).map(
      (d) => d.path,
    );
    expect(paths.sort()).toEqual(
      ['MinimumOrderQuantity', 'availableQuantity', 'description', 'img', 'name', 'price'].sort(),
    );
  });
});

describe('PUT /api/tool/:id', () => {
  it('when nobody or a customer updates, then 401 or 403 and the tool is unchanged', async () => {
    const tool = await shop.store.tools.create(buildTool());
    await call(null, 'put', `/api/tool/${tool._id}`, validTool()).expect(401);
    await call(shop.customer, 'put', `/api/tool/${tool._id}`, validTool()).expect(403);
    expect(await shop.store.tools.get(tool._id)).toEqual(tool);
  });

  it('when an admin updates, then every field is replaced and the public read shows it', async () => {
    const tool = await shop.store.tools.create(buildTool());
    const changes = validTool({
      name: 'Renamed Driver',
      price: 99.5,
      availableQuantity: 50,
      MinimumOrderQuantity: 50,
    });
    const res = await call(shop.admin, 'put', `/api/tool/${tool._id}`, changes).expect(200);
    expect(res.body).toEqual({
      ...changes,
      _id: tool._id,
      sku: tool.sku,
      category: 'other',
      specs: [],
      rating: { average: 0, count: 0 },
      priceTiers: [],
      images: [],
      leadTimeDays: null,
      allowBackorders: false,
      incomingStock: [],
      unit: 'C62',
      packSize: 1,
      orderMultiple: 1,
      priceBasis: 1,
      taxClass: 'standard',
    });
    const read = await request(shop.app).get(`/api/tool/${tool._id}`).expect(200);
    expect(read.body).toEqual(res.body);
    expect((await shop.store.tools.get(tool._id))?.priceCents).toBe(9950);
  });

  it('when no tool has that id, then 404', async () => {
    const res = await call(shop.admin, 'put', `/api/tool/${'e'.repeat(24)}`, validTool()).expect(
      404,
    );
    expect(ErrorBodySchema.parse(res.body).error.code).toBe('NOT_FOUND');
  });

  it('when orders moved the stock while the form was open, then 409 names the new availability and nothing changes', async () => {
    const tool = await shop.store.tools.create(
      buildTool({ availableQuantity: 100, minimumOrderQuantity: 10 }),
    );
    // The admin opens the edit form (availability 100); a customer buys 30 meanwhile.
    const placed = await shop.store.orders.place(buildOrderInput(tool._id, { quantity: 30 }));
    expect(placed.ok).toBe(true);
    const before = await shop.store.tools.get(tool._id);

    const edit = validTool({ name: 'Renamed', availableQuantity: 100, MinimumOrderQuantity: 10 });
    const res = await call(shop.admin, 'put', `/api/tool/${tool._id}`, {
      ...edit,
      previousAvailableQuantity: 100,
    }).expect(409);
    const { error } = ErrorBodySchema.parse(res.body);
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(
      'Orders changed the availability to 70 while you were editing. Check it and save again.',
    );
    expect(error.details).toEqual([
      { path: 'availableQuantity', message: error.message, availableQuantity: 70 },
    ]);
    expect(await shop.store.tools.get(tool._id)).toEqual(before);

    // Saved again from the availability it now shows, the edit goes through.
    const saved = await call(shop.admin, 'put', `/api/tool/${tool._id}`, {
      ...edit,
      availableQuantity: 170,
      previousAvailableQuantity: 70,
    }).expect(200);
    expect(saved.body).toMatchObject({ name: 'Renamed', availableQuantity: 170 });
    expect(saved.body).not.toHaveProperty('previousAvailableQuantity');
  });

  it('when a sold-out tool is renamed, then it saves with availability 0 and its minimum kept', async () => {
    const tool = await shop.store.tools.create(
      buildTool({ availableQuantity: 0, minimumOrderQuantity: 25 }),
    );
    const res = await call(shop.admin, 'put', `/api/tool/${tool._id}`, {
      ...validTool({ name: 'Sold Out Saw', availableQuantity: 0, MinimumOrderQuantity: 25 }),
      previousAvailableQuantity: 0,
    }).expect(200);
    expect(res.body).toMatchObject({
      name: 'Sold Out Saw',
      availableQuantity: 0,
      MinimumOrderQuantity: 25,
    });
  });

  it('when no previous availability is sent (the spec client), then the edit applies as given', async () => {
    const tool = await shop.store.tools.create(buildTool({ availableQuantity: 100 }));
    await shop.store.orders.place(buildOrderInput(tool._id, { quantity: 30 }));
    const res = await call(shop.admin, 'put', `/api/tool/${tool._id}`, validTool()).expect(200);
    expect(res.body.availableQuantity).toBe(validTool().availableQuantity);
  });

  it('when the previous availability is not a whole number of 0 or more, then 400', async () => {
    const tool = await shop.store.tools.create(buildTool());
    for (const previousAvailableQuantity of [-1, 1.5, '10', null]) {
      await call(shop.admin, 'put', `/api/tool/${tool._id}`, {
        ...validTool(),
        previousAvailableQuantity,
      }).expect(400);
    }
    expect(await shop.store.tools.get(tool._id)).toEqual(tool);
  });

  it('when the id is malformed, then 400', async () => {
    const res = await call(shop.admin, 'put', '/api/tool/nope', validTool()).expect(400);
    expect(ErrorBodySchema.parse(res.body).error.message).toContain('Malformed id');
  });

  it.each(invalidBodies)(
    'when the body has %s, then 400 naming %j and nothing changes',
    async (_label, overrides, field) => {
      const tool = await shop.store.tools.create(buildTool());
      const res = await call(
        shop.admin,
        'put',
        `/api/tool/${tool._id}`,
        validTool(overrides),
      ).expect(400);
      expectFieldError(res, field);
      expect(await shop.store.tools.get(tool._id)).toEqual(tool);
    },
  );
});

describe('DELETE /api/delete/:id', () => {
  it('when nobody or a customer deletes, then 401 or 403 and the tool stays', async () => {
    const tool = await shop.store.tools.create(buildTool());
    await call(null, 'delete', `/api/delete/${tool._id}`).expect(401);
    await call(shop.customer, 'delete', `/api/delete/${tool._id}`).expect(403);
    expect(await shop.store.tools.get(tool._id)).not.toBeNull();
  });

  it('when an admin deletes a tool, then deletedCount 1, it is gone, and again gives 0', async () => {
    const tool = await shop.store.tools.create(buildTool());
    const res = await call(shop.admin, 'delete', `/api/delete/${tool._id}`).expect(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    await request(shop.app).get(`/api/tool/${tool._id}`).expect(404);
    const again = await call(shop.admin, 'delete', `/api/delete/${tool._id}`).expect(200);
    expect(again.body).toEqual({ deletedCount: 0 });
  });

  it('when the id is malformed, then 400', async () => {
    const res = await call(shop.admin, 'delete', '/api/delete/123').expect(400);
    expect(ErrorBodySchema.parse(res.body).error.code).toBe('VALIDATION_ERROR');
  });

  it('when a tool with orders is deleted, then its orders still read with the tool name', async () => {
    const tool = await shop.store.tools.create(buildTool({ name: 'Retired Rivet Gun' }));
    const placed = await shop.store.orders.place(buildOrderInput(tool._id, { quantity: 10 }));
    if (!placed.ok) throw new Error(placed.reason);
    await shop.store.orders.markPaid(placed.order._id, 'pi_test_retired');
    await call(shop.admin, 'delete', `/api/delete/${tool._id}`).expect(200);
    expect(await shop.store.orders.get(placed.order._id)).toMatchObject({
      toolId: tool._id,
      name: 'Retired Rivet Gun',
      quantity: 10,
      isPaid: true,
    });
    const listed = await shop.store.orders.list({ status: 'paid', offset: 0, limit: 100 });
    expect(listed.items.find((o) => o._id === placed.order._id)?.name).toBe('Retired Rivet Gun');
  });
});
