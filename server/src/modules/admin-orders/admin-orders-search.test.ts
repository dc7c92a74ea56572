import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderListSchema } from '@toolworks/contract/admin-orders';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import type { OrderRecord } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { useAdminTestApp } from '../../test/admin-test-app.js';

const shop = useAdminTestApp();

const FAR = '2099-01-01T00:00:00.000Z';

async function placeOrder(opts: {
  tool: string;
  email: string;
  at: string;
  extraTool?: string;
  name?: string;
}): Promise<OrderRecord> {
  const tool = await shop.store.tools.create(buildTool({ name: opts.tool, priceCents: 1250 }));
  const lines = [{ toolId: tool._id, quantity: 10 }];
  if (opts.extraTool) {
    const extra = await shop.store.tools.create(buildTool({ name: opts.extraTool }));
    lines.push({ toolId: extra._id, quantity: 10 });
  }
  const placed = await shop.store.orders.place({
    ...buildOrderInput(tool._id, { userEmail: opts.email, now: opts.at, expiresAt: FAR }),
    lines,
    ...(opts.name && { userName: opts.name }),
  });
  if (!placed.ok) throw new Error(placed.reason);
  return placed.order;
}

const list = (query: string) =>
  request(shop.app).get(`/api/orders?${query}`).set('Authorization', shop.admin.bearer);
const ids = (body: unknown) => AdminOrderListSchema.parse(body).map((o) => o._id);

describe('GET /api/orders with search and dates', () => {
  let angle: OrderRecord;
  let drill: OrderRecord;
  let mixed: OrderRecord;
  let paid: OrderRecord;
  beforeAll(async () => {
    angle = await placeOrder({
      tool: 'Angle Grinder 115',
      email: 'jo.smith@example.com',
      at: '2026-03-01T23:59:59.999Z',
    });
    drill = await placeOrder({
      tool: 'Cordless Drill',
      email: 'ANNA@Shop.example',
      at: '2026-03-02T00:00:00.000Z',
    });
    mixed = await placeOrder({
      tool: 'Hex Key Set',
      extraTool: 'Torque 50%_Wrench',
      email: 'builder@example.org',
      at: '2026-03-15T12:00:00.000Z',
    });
    const placed = await placeOrder({
      tool: 'Bench Vise',
      email: 'vise@example.com',
      at: '2026-04-01T08:00:00.000Z',
    });
    paid = (await shop.store.orders.markPaid(placed._id, 'pi_search'))?.order as OrderRecord;
  });

  it.each([
    ['a tool name in another case', 'angle GRINDER', () => [angle]],
    ['part of an email in another case', 'anna@shop', () => [drill]],
    ['a later line of a many-line order', 'torque', () => [mixed]],
    ['LIKE wildcards, taken literally', '50%_w', () => [mixed]],
    ['a wildcard that matches nothing literally', '%', () => [mixed]],
    ['the regex-looking .*', '.*', () => []],
    ['the whole order number as shown', () => `tw-${drill.number}`, () => [drill]],
    ['padded with spaces', '  Bench Vise  ', () => [paid]],
  ])('when the search is %s, then only those orders come', async (_, search, expected) => {
    const text = typeof search === 'function' ? search() : search;
    const res = await list(`search=${encodeURIComponent(text)}`).expect(200);
    expect(ids(res.body)).toEqual(expected().map((o) => o._id));
    expect(res.headers['x-total-count']).toBe(String(expected().length));
  });

  it('when searching by the number without its prefix, then the order with it comes', async () => {
    const res = await list(`search=${angle.number}`).expect(200);
    expect(ids(res.body)).toContain(angle._id);
  });

  it.each([
    ['from=2026-03-02', () => [paid, mixed, drill]],
    ['to=2026-03-01', () => [angle]],
    ['from=2026-03-01&to=2026-03-01', () => [angle]],
    ['from=2026-03-02&to=2026-03-31', () => [mixed, drill]],
    ['from=2026-05-01', () => []],
    ['from=&to=&search=&status=', () => [paid, mixed, drill, angle]],
  ])(
    'when the days are %s (UTC, both ends included), then the orders placed then come',
    async (query, expected) => {
      const res = await list(query).expect(200);
      expect(ids(res.body)).toEqual(expected().map((o) => o._id));
      expect(res.headers['x-total-count']).toBe(String(expected().length));
    },
  );

  it('when status, days, search and paging combine, then all of them apply', async () => {
    const res = await list(
      'status=unpaid&from=2026-03-01&to=2026-03-31&search=example&limit=1&page=2',
    ).expect(200);
    // unpaid + March + "example" (every email but ANNA@Shop.example's has it, that one too).
    expect(ids(res.body)).toEqual([drill._id]);
    expect(res.headers['x-total-count']).toBe('3');
    const paidOnly = await list('status=paid&search=vise').expect(200);
    expect(ids(paidOnly.body)).toEqual([paid._id]);
  });

  it.each([
    ['from=2026-13-01', 'from'],
    ['from=2026-02-30', 'from'],
    ['to=yesterday', 'to'],
    ['to=2026-3-1', 'to'],
    ['from=2026-03-10&to=2026-03-01', 'from'],
    ['search=a%00b', 'search'],
    ['search=a%0Ab', 'search'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['status=lost', 'status'],
  ])('when the query has %s, then 400 naming %s', async (query, field) => {
    const res = await list(query).expect(400);
    const { error } = ErrorBodySchema.parse(res.body);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([expect.objectContaining({ path: field })]);
  });
});

describe('GET /api/orders?search= finds PO references and companies', () => {
  it("when the search is part of a PO reference or of the buyer's company, then those orders are found, any case", async () => {
    const tool = await shop.store.tools.create(buildTool({ name: 'Search Fixture Punch' }));
    const placed = async (email: string, poReference?: string) => {
      const result = await shop.store.orders.place(
        buildOrderInput(tool._id, { userEmail: email, ...(poReference && { poReference }) }),
      );
      if (!result.ok) throw new Error(result.reason);
      return result.order;
    };
    const withPo = await placed('po.buyer@example.com', 'PO-ZX-4471');
    const ofCompany = await placed('acme.buyer@example.com');
    await shop.store.profiles.upsert({
      name: 'Acme Buyer',
      email_address: 'acme.buyer@example.com',
      LinkedIn_profile_link: '',
      country: 'US',
      street_address: '1 Acme Road',
      city: 'Springfield',
      state: '',
      postal_code: '',
      phone: '+1 555 0100',
      company_name: 'Quillfeather Industries',
      vat_id: '',
      delivery_address: '',
    });

    const po = await list('search=zx-447').expect(200);
    expect(ids(po.body)).toEqual([withPo._id]);
    const company = await list('search=QUILLFEATHER').expect(200);
    expect(ids(company.body)).toEqual([ofCompany._id]);
    expect(company.headers['x-total-count']).toBe('1');
  });
});
