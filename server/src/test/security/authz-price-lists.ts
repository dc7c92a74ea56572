import type { Call, Scene } from './authz-requests.js';
import { newTool, type World } from './authz-fixtures.js';
import { companyOf } from './authz-companies.js';

/** A price list (10% off everything) made in the store; its id. */
async function priceList(world: World): Promise<string> {
  const list = await world.store.priceLists.create(
    {
      name: 'Matrix list',
      currency: 'USD',
      validFrom: null,
      validTo: null,
      parentId: null,
      versions: [{ startsOn: null, rules: [{ type: 'all', percentOff: 10 }] }],
    },
    new Date().toISOString(),
  );
  if (typeof list === 'string') throw new Error(list);
  return list._id;
}

const listBody = { name: 'Matrix contract', lines: [{ percentOff: 5 }] };

/** The price list routes' requests for the authorisation matrix (issue 50). */
export const priceListRequests: Record<string, (scene: Scene) => Promise<Call>> = {
  'GET /api/price-lists': async () => ({ path: '/api/price-lists' }),
  'POST /api/price-lists': async () => ({ path: '/api/price-lists', body: listBody }),
  'GET /api/price-lists/:id': async ({ world }) => ({
    path: `/api/price-lists/${await priceList(world)}`,
  }),
  'PUT /api/price-lists/:id': async ({ world }) => ({
    path: `/api/price-lists/${await priceList(world)}`,
    body: listBody,
  }),
  'DELETE /api/price-lists/:id': async ({ world }) => ({
    path: `/api/price-lists/${await priceList(world)}`,
  }),
  'GET /api/price-lists/:id/lines.csv': async ({ world }) => ({
    path: `/api/price-lists/${await priceList(world)}/lines.csv`,
  }),
  'POST /api/price-lists/:id/import': async ({ world }) => ({
    path: `/api/price-lists/${await priceList(world)}/import?dryRun=true`,
    body: { csv: 'sku,price,breaks,minimumOrderQuantity,orderMultiple\n' },
  }),
  // A's own company's prices: A may look, the shop's admin too, B (in no company) may not.
  'GET /api/pricing/explain': async ({ world, a }) => {
    const tool = await newTool(world);
    const companyId = await companyOf(world, a.email);
    return { path: `/api/pricing/explain?sku=${tool.sku}&quantity=3&companyId=${companyId}` };
  },
};
