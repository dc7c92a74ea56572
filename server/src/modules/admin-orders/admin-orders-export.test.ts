import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import type { OrderRecord } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { useAdminTestApp } from '../../test/admin-test-app.js';
import { ordersCsv } from './orders-export.js';

const shop = useAdminTestApp();

/** RFC 4180, as a spreadsheet reads it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

const exportCsv = (query = '') =>
  request(shop.app)
    .get(`/api/orders/export.csv${query}`)
    .set('Authorization', shop.admin.bearer)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });

async function place(
  toolName: string,
  overrides: Parameters<typeof buildOrderInput>[1] = {},
  sku?: string,
) {
  const tool = await shop.store.tools.create(
    buildTool({ name: toolName, priceCents: 1250, ...(sku && { sku }) }),
  );
  const placed = await shop.store.orders.place(buildOrderInput(tool._id, overrides));
  if (!placed.ok) throw new Error(placed.reason);
  return placed.order;
}

describe('GET /api/orders/export.csv', () => {
  let tricky: OrderRecord;
  let plain: OrderRecord;
  beforeAll(async () => {
    tricky = await place('=HYPERLINK("http://evil")', {
      userName: 'Smith, "Jo"',
      userAddress: '1 Main St\nSpringfield',
      userPhone: '+1 555 0100',
      poReference: '@PO-7',
      quantity: 12,
    });
    const other = await place('Plain Hammer', { userEmail: 'plain@example.com' }, 'PH-EXP-10');
    await shop.store.profiles.upsert({
      name: 'Plain Buyer',
      email_address: 'plain@example.com',
      LinkedIn_profile_link: '',
      country: 'GB',
      street_address: '1 Plain Street',
      city: 'Leeds',
      state: '',
      postal_code: '',
      phone: '+44 113 496 0000',
      company_name: 'Plain Trading Ltd',
      vat_id: 'GB123456789',
      delivery_address: '',
    });
    plain = (await shop.store.orders.markPaid(other._id, 'pi_export'))?.order as OrderRecord;
  });

  it('when nobody or a customer asks, then 401 or 403 and no CSV', async () => {
    await request(shop.app).get('/api/orders/export.csv').expect(401);
    const res = await request(shop.app)
      .get('/api/orders/export.csv')
      .set('Authorization', shop.customer.bearer)
      .expect(403);
    expect(ErrorBodySchema.parse(res.body).error.code).toBe('FORBIDDEN');
  });

  it('when an admin exports, then a CSV attachment holds a header and every order, newest first', async () => {
    const res = await exportCsv().expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body as string;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([
      'Order',
      'Placed',
      'Status',
      'Buyer',
      'Company',
      'VAT id',
      'Email',
      'Phone',
      'Address',
      'PO reference',
      'Items',
      'SKU',
      'Quantity',
      'Total',
      'Paid',
      'Shipped',
      'Transaction',
    ]);
    expect(rows.map((r) => r[0])).toEqual([`TW-${plain.number}`, `TW-${tricky.number}`]);
    expect(rows[0]).toEqual([
      `TW-${plain.number}`,
      plain.createdAt,
      'paid',
      plain.userName,
      'Plain Trading Ltd',
      'GB123456789',
      'plain@example.com',
      plain.userPhone, // a phone number, not a formula: as typed
      plain.userAddress,
      '',
      'Plain Hammer x 10',
      'PH-EXP-10',
      '10',
      '125.00',
      plain.paidAt,
      '',
      'pi_export',
    ]);
  });

  it('when cells hold commas, quotes, line breaks or start like formulas, then they survive and stay text', async () => {
    const rows = parseCsv(((await exportCsv().expect(200)).body as string).slice(1));
    const row = rows.find((r) => r[0] === `TW-${tricky.number}`);
    expect(row).toEqual([
      `TW-${tricky.number}`,
      tricky.createdAt,
      'unpaid',
      'Smith, "Jo"',
      '',
      '',
      tricky.userEmail,
      '+1 555 0100',
      '1 Main St\nSpringfield',
      "'@PO-7",
      `'=HYPERLINK("http://evil") x 12`,
      tricky.items[0]?.sku,
      '12',
      '150.00',
      '',
      '',
      '',
    ]);
  });

  it('when orders are cancelled between pages of the download, then every order of the start is in the file once', async () => {
    const tool = await shop.store.tools.create(
      buildTool({ name: 'Paged Export Saw', priceCents: 1250, availableQuantity: 10_000 }),
    );
    const placed: OrderRecord[] = [];
    for (let i = 0; i < 12; i += 1) {
      const result = await shop.store.orders.place(buildOrderInput(tool._id));
      if (!result.ok) throw new Error(result.reason);
      placed.push(result.order);
    }
    const pages = ordersCsv(shop.store, { status: 'unpaid', search: 'Paged Export Saw' }, 5);
    const chunks: string[] = [];
    for await (const chunk of pages) {
      chunks.push(chunk);
      // After the header and the first page: a colleague cancels the orders just exported.
      if (chunks.length === 2)
        for (const order of placed.slice(-5)) await shop.store.orders.cancelUnpaid(order._id);
    }
    const rows = parseCsv(chunks.join('').slice(1)).slice(1);
    expect(rows.map((r) => r[0])).toEqual(placed.map((o) => `TW-${o.number}`).reverse());
  });

  it('when the search names a company or a PO reference, then the export finds those orders', async () => {
    const byCompany = parseCsv(
      ((await exportCsv('?search=plain%20trading').expect(200)).body as string).slice(1),
    ).slice(1);
    expect(byCompany.map((r) => r[0])).toEqual([`TW-${plain.number}`]);
    const byPo = parseCsv(((await exportCsv('?search=po-7').expect(200)).body as string).slice(1));
    expect(byPo.slice(1).map((r) => r[0])).toEqual([`TW-${tricky.number}`]);
  });

  it('when filtered, then only the matching orders and the status in the file name', async () => {
    const res = await exportCsv('?status=paid&search=HAMMER').expect(200);
    expect(res.headers['content-disposition']).toMatch(/filename="orders-paid-[\d-]+\.csv"/);
    const rows = parseCsv((res.body as string).slice(1)).slice(1);
    expect(rows.map((r) => r[0])).toEqual([`TW-${plain.number}`]);
    const none = parseCsv(
      ((await exportCsv('?from=2000-01-01&to=2000-01-02').expect(200)).body as string).slice(1),
    );
    expect(none).toHaveLength(1);
  });

  it.each([
    ['?status=lost', 'status'],
    ['?from=2026-02-31', 'from'],
    ['?to=tomorrow', 'to'],
    ['?from=2026-03-02&to=2026-03-01', 'from'],
    ['?search=%07', 'search'],
  ])('when the query has %s, then 400 JSON naming %s', async (query, field) => {
    const res = await request(shop.app)
      .get(`/api/orders/export.csv${query}`)
      .set('Authorization', shop.admin.bearer)
      .expect(400);
    expect(ErrorBodySchema.parse(res.body).error.details).toEqual([
      expect.objectContaining({ path: field }),
    ]);
  });
});
