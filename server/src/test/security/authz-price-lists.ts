import type { Call, Scene } from './authz-requests.js';
import { newTool, type World } from './authz-fixtures.js';
import { companyOf } from './authz-companies.js';

/** A price list (10% off everything) made by the shop's admin in the store; its id. */
async function priceList(world: World): Promise<string> {
  const created = await world.store.priceLists.create(
    {
      name: 'Matrix contract',
      currency: 'USD',
      validFrom: null,
      validTo: null,
      parentId: null,
      versions: [{ startsOn: null, rules: [{ type: 'all', percentOff: 10 }] }],
    },
    new Date().toISOString(),
  );
  if (typeof created === 'string') throw new Error(created);
  return created._id;
}

const listBody = { name: 'Matrix list', lines: [{ percentOff: 15 }] };

/** The price list routes' requests (issue 50) for the authorisation matrix. */
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
  // A dry run: it reports and writes nothing.
  'POST /api/price-lists/:id/import': async ({ world }) => ({
    path: `/api/price-lists/${await priceList(world)}/import?dryRun=true`,
    body: { csv: `sku,price\n${(await newTool(world)).sku},9.50\n` },
  }),
  // About A's company: A (its member) and the shop's admin may ask; B may not name it.
  'GET /api/pricing/explain': async ({ world, a }) => ({
    path: `/api/pricing/explain?sku=${(await newTool(world)).sku}&quantity=3&companyId=${await companyOf(world, a.email)}`,
  }),
};
