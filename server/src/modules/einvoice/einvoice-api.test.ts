import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, PDFArray } from 'pdf-lib';
import { TermsInvoiceSchema } from '@toolworks/contract/invoices';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { placeOrder, useTestGatewayShop } from '../../test/payments-fixtures.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { useSignedIn } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';
import { payOnInvoiceFor } from '../invoices/index.js';
import { EINVOICE_SELLER } from '../../test/einvoice-seller.js';
import { validateEInvoice, type EInvoiceSyntax } from './validate.js';

// Issue 52 over HTTP: the XRechnung downloads of an invoice, a credit note and an invoice on
// terms, validated with the official rules, with the PDFs' permissions; and the Factur-X XML
// inside the PDF.
const { shop: gatewayShop, intentFor, confirm } = useTestGatewayShop(EINVOICE_SELLER);
const shop = useSignedIn(gatewayShop, { admin: { displayName: 'Ada Admin', admin: true } });

const as = (who: ShopSession, req: request.Test) => req.set('Authorization', who.bearer);

/** The buyer's billing address, which the e-invoice reads into its parts. */
async function withAddress(buyer: ShopSession) {
  await as(buyer, request(shop.app).post('/api/addUser'))
    .send({
      name: 'Jürgen Groß',
      company_name: 'Schrauben Groß & Söhne KG',
      street_address: 'Hauptstraße 5',
      city: 'München',
      postal_code: '80331',
      country: 'Germany',
    })
    .expect(200);
}

async function paidAndRefunded() {
  const buyer = shop.customer;
  await withAddress(buyer);
  const order = await placeOrder(shop.store, buyer.email, { unitPriceCents: 1_190, quantity: 3 });
  await confirm(await intentFor(order, buyer), {}, buyer).expect(200);
  return order;
}

const xmlOf = (who: ShopSession, path: string) =>
  as(who, request(shop.app).get(path))
    .buffer(true)
    .parse((res, done) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done(null, body));
    });

async function expectValid(xml: string, syntax: EInvoiceSyntax, xrechnung = true) {
  const document = /CreditNote|<ram:TypeCode>381/.test(xml) ? 'credit-note' : 'invoice';
  const report = await validateEInvoice(xml, { syntax, document, xrechnung });
  expect(report.errors).toEqual([]);
}

describe('GET /api/order/{id}/invoice.xml and credit-note.xml', () => {
  it('when the buyer downloads a paid order’s invoice and, once refunded, its credit note, then each is an XRechnung 3.0 in UBL or CII that the official rules accept', async () => {
    const order = await paidAndRefunded();
    for (const syntax of ['ubl', 'cii'] as const) {
      const res = await xmlOf(
        shop.customer,
        `/api/order/${order._id}/invoice.xml?syntax=${syntax}`,
      ).expect(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`filename="INV-\\d{4}-\\d{6}-xrechnung-${syntax}\\.xml"`),
      );
      const xml = res.body as string;
      expect(xml).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
      expect(xml).toContain('Schrauben Groß &amp; Söhne KG');
      await expectValid(xml, syntax);
    }

    await as(shop.admin, request(shop.app).post(`/api/order/${order._id}/refund`))
      .send({})
      .expect(200);
    for (const syntax of ['ubl', 'cii'] as const) {
      const xml = (
        await xmlOf(
          shop.customer,
          `/api/order/${order._id}/credit-note.xml?syntax=${syntax}`,
        ).expect(200)
      ).body as string;
      const invoice = await shop.store.invoices.get(order._id);
      // The credit note names the invoice it credits.
      expect(xml).toContain(invoice!.number);
      expect(xml).toMatch(syntax === 'ubl' ? /<CreditNote / : /<ram:TypeCode>381</);
      await expectValid(xml, syntax);
    }
  });

  it('when the syntax is neither ubl nor cii, then 400 names them; without one, UBL', async () => {
    const order = await paidAndRefunded();
    const bad = await xmlOf(shop.customer, `/api/order/${order._id}/invoice.xml?syntax=pdf`).expect(
      400,
    );
    expect(JSON.parse(bad.body as string).error.message).toContain('ubl, cii');
    const plain = await xmlOf(shop.customer, `/api/order/${order._id}/invoice.xml`).expect(200);
    expect(plain.body as string).toContain(
      'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
    );
  });

  it('when someone else asks, then 404 as for a missing order; an unpaid order has no invoice, an unrefunded one no credit note', async () => {
    const order = await paidAndRefunded();
    await xmlOf(shop.other, `/api/order/${order._id}/invoice.xml`).expect(404);
    await xmlOf(shop.admin, `/api/order/${order._id}/invoice.xml`).expect(200);
    const unpaid = await placeOrder(shop.store, shop.customer.email);
    const res = await xmlOf(shop.customer, `/api/order/${unpaid._id}/invoice.xml`).expect(404);
    expect(JSON.parse(res.body as string).error.message).toBe(
      'This order has no invoice: it is not paid',
    );
    await xmlOf(shop.customer, `/api/order/${order._id}/credit-note.xml`).expect(404);
  });

  it('when the invoice PDF is downloaded, then the factur-x.xml inside it is the same invoice in CII, EN 16931, accepted by the rules', async () => {
    const order = await paidAndRefunded();
    const pdf = await as(
      shop.customer,
      request(shop.app).get(`/api/order/${order._id}/invoice.pdf`),
    )
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const doc = await PDFDocument.load(pdf.body as Buffer, { updateMetadata: false });
    const [spec] = doc.catalog.lookup(PDFName.of('AF'), PDFArray).asArray();
    const file = doc.context
      .lookup(spec, PDFDict)
      .lookup(PDFName.of('EF'), PDFDict)
      .lookup(PDFName.of('F'));
    if (!(file instanceof PDFRawStream)) throw new Error('factur-x.xml is not a stream');
    const xml = Buffer.from(decodePDFRawStream(file).decode()).toString('utf8');
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    const invoice = await shop.store.invoices.get(order._id);
    expect(xml).toContain(`<ram:ID>${invoice!.number}</ram:ID>`);
    await expectValid(xml, 'cii', false);
  });
});

describe('GET /api/invoices/{number}/xml', () => {
  /** A net-30 company's $35.70 order on its terms, its invoice issued when placed. */
  async function termsInvoice() {
    const buyer = await signInToShop(shop.app, shop.store, { displayName: 'Tess Terms' });
    await withAddress(buyer);
    await createTradeCompany(shop.store, buyer, {
      company: {
        name: 'Schrauben Groß & Söhne KG',
        vatId: 'DE811191002',
        billingAddress: 'Hauptstraße 5, 80331 München, Germany',
      },
    });
    const tool = await shop.store.tools.create(
      buildTool({ priceCents: 1_190, availableQuantity: 100, minimumOrderQuantity: 1 }),
    );
    const placed = await shop.store.orders.place(
      buildOrderInput(tool._id, {
        userEmail: buyer.email.toLowerCase(),
        quantity: 3,
        poReference: 'PO-4711',
        // As the shop places an order on terms: the company's parties, the seller's bank.
        payOnInvoice: (
          await payOnInvoiceFor(
            { store: shop.store, config: shop.config, now: () => new Date() },
            {
              email: buyer.email.toLowerCase(),
            },
          )
        ).payOnInvoice,
      }),
    );
    if (!placed.ok) throw new Error(placed.reason);
    const invoice = TermsInvoiceSchema.parse(
      (
        await as(
          buyer,
          request(shop.app).get(`/api/order/${placed.order._id}/terms-invoice`),
        ).expect(200)
      ).body,
    );
    return { buyer, number: invoice.number };
  }

  it('when the company pays part of an invoice on terms, then its XRechnung says what was received and what is still due, with the bank account, and the rules accept it', async () => {
    const { buyer, number } = await termsInvoice();
    await as(shop.admin, request(shop.app).post(`/api/invoices/${number}/payments`))
      .send({ amount: 10, reference: 'SEPA 1', receivedOn: new Date().toISOString().slice(0, 10) })
      .expect(201);
    for (const syntax of ['ubl', 'cii'] as const) {
      const xml = (await xmlOf(buyer, `/api/invoices/${number}/xml?syntax=${syntax}`).expect(200))
        .body as string;
      expect(xml).toContain('DE89370400440532013000');
      expect(xml).toContain('PO-4711');
      if (syntax === 'ubl') {
        expect(xml).toMatch(/<cbc:PrepaidAmount currencyID="USD">10\.00</);
        expect(xml).toMatch(/<cbc:PayableAmount currencyID="USD">25\.70</);
      } else {
        expect(xml).toContain('<ram:TotalPrepaidAmount>10.00</ram:TotalPrepaidAmount>');
        expect(xml).toContain('<ram:DuePayableAmount>25.70</ram:DuePayableAmount>');
      }
      await expectValid(xml, syntax);
    }
  });

  it('when a customer outside the company asks, then it is not found', async () => {
    const { number } = await termsInvoice();
    const res = await xmlOf(shop.other, `/api/invoices/${number}/xml`);
    expect([403, 404]).toContain(res.status);
  });
});
