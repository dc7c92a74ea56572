import type request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { useAdminTestApp } from '../../test/admin-test-app.js';
import { adminToolCalls } from '../../test/admin-tool-calls.js';

// Issue 50: a tool's unit, pack size, order multiple and price basis, as an admin saves them.
const shop = useAdminTestApp();

let n = 0;
const validTool = (overrides: Record<string, unknown> = {}) => ({
  name: `Blind Rivets ${++n}`,
  img: '/images/tools/rivets.svg',
  price: 18.9,
  description: 'Aluminium, 4 mm.',
  availableQuantity: 10_000,
  MinimumOrderQuantity: 100,
  ...overrides,
});

const { add, save, read } = adminToolCalls(shop);

function expectFieldError(res: request.Response, field: string, message: string) {
  const body = ErrorBodySchema.parse(res.body);
  expect(body.error.code).toBe('VALIDATION_ERROR');
  expect(body.error.details).toEqual([
    expect.objectContaining({ path: field, message: expect.stringContaining(message) }),
  ]);
}

describe('POST /api/addtools: packs', () => {
  it('when a tool is added without the pack fields (an older client), then it is sold by the piece', async () => {
    const res = await add(validTool()).expect(201);
    expect(res.body).toMatchObject({ unit: 'C62', packSize: 1, orderMultiple: 1, priceBasis: 1 });
    expect(await read(res.body._id)).toMatchObject({ unit: 'C62', packSize: 1 });
  });

  it('when a tool is added in packs of 100 priced per 100, then the public read shows it', async () => {
    const res = await add(
      validTool({
        unit: 'C62',
        packSize: 100,
        orderMultiple: 2,
        priceBasis: 100,
        MinimumOrderQuantity: 200,
      }),
    ).expect(201);
    expect(await read(res.body._id)).toMatchObject({
      unit: 'C62',
      packSize: 100,
      orderMultiple: 2,
      priceBasis: 100,
      MinimumOrderQuantity: 200,
    });
  });

  it.each([
    [{ unit: 'BOX' }, 'unit', 'Unit must be one of C62, H87, MTR, KGM, LTR, MTK, SET, PR'],
    [{ packSize: 0 }, 'packSize', 'Pack size must be 1 or more'],
    [{ orderMultiple: 2.5 }, 'orderMultiple', 'Order multiple must be a whole number'],
    [{ priceBasis: -1 }, 'priceBasis', 'Price basis must be 1 or more'],
    [
      { orderMultiple: 6, MinimumOrderQuantity: 100 },
      'MinimumOrderQuantity',
      'Minimum order quantity must be a multiple of the order multiple (6)',
    ],
  ])('when %o is sent, then 400 names the field', async (bad, field, message) => {
    expectFieldError(await add(validTool(bad)).expect(400), field, message);
  });
});

describe('PUT /api/tool/:id: packs', () => {
  it('when an edit leaves the pack fields out, then the tool keeps them', async () => {
    const { body: tool } = await add(
      validTool({ packSize: 100, orderMultiple: 4, priceBasis: 100, MinimumOrderQuantity: 400 }),
    ).expect(201);
    const res = await save(
      tool._id,
      validTool({ name: 'Renamed Rivets', MinimumOrderQuantity: 800 }),
    ).expect(200);
    expect(res.body).toMatchObject({
      name: 'Renamed Rivets',
      packSize: 100,
      orderMultiple: 4,
      priceBasis: 100,
    });
  });

  it('when an edit leaves the multiple out and moves the minimum off the stored multiple, then 400 on the minimum', async () => {
    const { body: tool } = await add(
      validTool({ orderMultiple: 6, MinimumOrderQuantity: 12 }),
    ).expect(201);
    expectFieldError(
      await save(tool._id, validTool({ MinimumOrderQuantity: 13 })).expect(400),
      'MinimumOrderQuantity',
      'Minimum order quantity must be a multiple of the order multiple (6)',
    );
    expect(await read(tool._id)).toMatchObject({ MinimumOrderQuantity: 12, orderMultiple: 6 });
  });

  it('when an edit changes the unit and the multiple with the minimum, then it saves', async () => {
    const { body: tool } = await add(validTool()).expect(201);
    const res = await save(
      tool._id,
      validTool({ unit: 'MTR', orderMultiple: 5, MinimumOrderQuantity: 10 }),
    ).expect(200);
    expect(res.body).toMatchObject({ unit: 'MTR', orderMultiple: 5, MinimumOrderQuantity: 10 });
  });
});
