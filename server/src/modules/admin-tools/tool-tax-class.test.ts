import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { useAdminTestApp } from '../../test/admin-test-app.js';
import { adminToolCalls } from '../../test/admin-tool-calls.js';

// Issue 51: a tool's tax class, as an admin saves it and everyone reads it.
const shop = useAdminTestApp();

let n = 0;
const validTool = (overrides: Record<string, unknown> = {}) => ({
  name: `Grab Rail ${++n}`,
  img: '/images/tools/rail.svg',
  price: 42,
  description: 'Stainless, 600 mm.',
  availableQuantity: 100,
  MinimumOrderQuantity: 1,
  ...overrides,
});

const { add, save, read } = adminToolCalls(shop);

describe('POST /api/addtools and PUT /api/tool/{id}: tax class', () => {
  it('when a tool is added without a tax class (an older client), then it is standard', async () => {
    const res = await add(validTool()).expect(201);
    expect(res.body.taxClass).toBe('standard');
    expect((await read(res.body._id)).taxClass).toBe('standard');
  });

  it('when a tool is added reduced, then edited without the class, then it stays reduced', async () => {
    const res = await add(validTool({ taxClass: 'reduced' })).expect(201);
    expect((await read(res.body._id)).taxClass).toBe('reduced');
    await save(res.body._id, validTool({ name: 'Grab Rail, long' })).expect(200);
    expect((await read(res.body._id)).taxClass).toBe('reduced');
    await save(res.body._id, validTool({ taxClass: 'zero' })).expect(200);
    expect((await read(res.body._id)).taxClass).toBe('zero');
  });

  it('when the class is not one of the three, then 400 naming the field', async () => {
    const res = await add(validTool({ taxClass: 'luxury' })).expect(400);
    const body = ErrorBodySchema.parse(res.body);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([
      expect.objectContaining({
        path: 'taxClass',
        message: 'Tax class must be standard, reduced or zero',
      }),
    ]);
  });
});
