import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import type { OrderRecord } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import type { ShopSession } from '../../test/sign-in.js';
import { pdfText } from '../../test/smtp-catcher.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';

const shop = useSignedIn(
  useTestApp(
    testConfig({
      SELLER_NAME: 'Toolworks Manufacturing Ltd',
      SELLER_ADDRESS: '1 Foundry Lane\nSpringfield, IL 62701\nUSA',
      SELLER_TAX_ID: 'US-99-1234567',
      TAX_RATE_PERCENT: '8.25',
    }),
  ),
  {
    owner: { displayName: 'Olga Owner' },
    other: { displayName: 'Otto Other' },
    admin: { displayName: 'Ada Admin', admin: true },
  },
);

async function order(opts: { paid?: boolean; email?: string } = {}): Promise<OrderRecord> {
  const tool = await shop.store.tools.create(
    buildTool({ name: 'Pipe Vise <XL>', priceCents: 4000 }),
  );
  const placed = await shop.store.orders.place(
    buildOrderInput(tool._id, {
      quantity: 15,
      userEmail: opts.email ?? shop.owner.email,
      userName: 'Olga Owner',
    }),
  );
  if (!placed.ok) throw new Error(placed.reason);
  if (!opts.paid) return placed.order;
  const paid = await shop.store.orders.markPaid(placed.order._id, 'pi_test_invoice_42');
  if (!paid) throw new Error('could not pay');
  return paid.order;
}

const get = (session: ShopSession, id: string) =>
  request(shop.app)
    .get(`/api/order/${id}/invoice.pdf`)
    .set('Authorization', session.bearer)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('GET /api/order/{id}/invoice.pdf', () => {
  it('when the owner downloads a paid order, then a PDF with seller, buyer, lines, tax and payment comes back', async () => {
    const paid = await order({ paid: true });
    await shop.store.profiles.upsert({
      name: 'Olga Owner',
      email_address: shop.owner.email,
      LinkedIn_profile_link: '',
      country: 'US',
      street_address: '9 Elm St',
      city: 'Dayton',
      state: 'OH',
      phone: '+1 555 0100',
      company_name: 'Owner Plumbing LLC',
      vat_id: 'US-VAT-777',
      delivery_address: '',
      postal_code: '',
    });
    const res = await get(shop.owner, paid._id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const invoice = await shop.store.invoices.get(paid._id);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${invoice!.number}.pdf"`,
    );
    const text = await pdfText(res.body as Buffer);
    for (const expected of [
      invoice!.number,
      'Toolworks Manufacturing Ltd',
      'Springfield, IL 62701',
      'Tax ID: US-99-1234567',
      'Olga Owner',
      shop.owner.email,
      'Pipe Vise <XL>',
      '15',
      '$40.00',
      'Subtotal',
      '$554.27',
      'Tax (8.25%)',
      '$45.73',
      '$600.00',
      'Transaction ID: pi_test_invoice_42',
    ])
      expect(text).toContain(expected);
    // The profile fields of trade accounts, when the profile has them.
    if (text.includes('Owner Plumbing LLC')) expect(text).toContain('VAT ID: US-VAT-777');
  });

  it('when downloaded again or by an admin, then the invoice number stays the same', async () => {
    const paid = await order({ paid: true });
    await get(shop.owner, paid._id).expect(200);
    const first = await shop.store.invoices.get(paid._id);
    await get(shop.admin, paid._id).expect(200);
    expect(await shop.store.invoices.get(paid._id)).toEqual(first);
    const next = await order({ paid: true });
    await get(shop.admin, next._id).expect(200);
    expect((await shop.store.invoices.get(next._id))?.seq).toBe(first!.seq + 1);
  });

  it("when the order is unpaid, someone else's or unknown, then 404 and no number is used", async () => {
    const unpaid = await order();
    const res = await get(shop.owner, unpaid._id).expect(404);
    expect(ErrorBodySchema.parse(JSON.parse((res.body as Buffer).toString())).error.code).toBe(
      'NOT_FOUND',
    );
    expect(await shop.store.invoices.get(unpaid._id)).toBeNull();
    const paid = await order({ paid: true });
    await get(shop.other, paid._id).expect(404);
    expect(await shop.store.invoices.get(paid._id)).toBeNull();
    await get(shop.owner, 'f'.repeat(24)).expect(404);
    await get(shop.owner, 'not-an-id').expect(400);
  });
});
