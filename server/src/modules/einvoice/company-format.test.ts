import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import type { CompanyInput, EInvoiceFormat } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { createMailSender } from '../../compose.js';
import { mailConfig, orderIn, silent, mailKit } from '../../test/mail-test-kit.js';
import { startSmtpCatcher } from '../../test/smtp-catcher.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';
import { EINVOICE_SELLER } from '../../test/einvoice-seller.js';
import { validateEInvoice } from './validate.js';

// Issue 52: the company's e-invoice format decides what its invoice email attaches (decided when
// the email is sent), and its buyer reference is the e-invoice's BT-10.
const shop = useSignedIn(useTestApp(testConfig(EINVOICE_SELLER)), {
  admin: { displayName: 'Ada Admin', admin: true },
});

const as = (session: ShopSession, req: request.Test) => req.set('Authorization', session.bearer);

/** A company-admin of a fresh company with these settings, and a $100 tool in their cart. */
async function companyBuyer(settings: Partial<CompanyInput> = {}) {
  const session = await signInToShop(shop.app, shop.store, { displayName: 'Erika Einkauf' });
  const companyId = await createTradeCompany(shop.store, session, {
    company: {
      name: 'Stadtwerke Musterstadt',
      vatId: 'DE811191002',
      billingAddress: 'Rathausplatz 1, 80331 München, Germany',
      ...settings,
    },
  });
  const tool = await shop.store.tools.create(
    buildTool({ priceCents: 10_000, availableQuantity: 100, minimumOrderQuantity: 1 }),
  );
  await shop.store.carts.set(session.email, tool._id, 1, new Date().toISOString());
  return { session, companyId };
}

/** Checks out the cart on the company's terms; answers the invoice's number. */
async function payOnInvoice(session: ShopSession, companyId: string) {
  await as(session, request(shop.app).post('/api/checkout'))
    .send({
      userPhone: '+49 89 1234567',
      userAddress: 'Rathausplatz 1, 80331 München',
      expectedTotal: 100,
      paymentMethod: 'invoice',
      poReference: 'PO-2027-17',
    })
    .expect(201);
  const [invoice] = await shop.store.invoices.listOnTerms({ companyId });
  if (!invoice) throw new Error('no invoice on terms');
  return invoice.number;
}

const setFormat = async (companyId: string, eInvoiceFormat: EInvoiceFormat) => {
  const company = await shop.store.companies.get(companyId);
  if (!company) throw new Error('no company');
  await shop.store.companies.update(companyId, { ...company, eInvoiceFormat });
};

/** Sends what the outbox holds through a real SMTP server; answers what arrived. */
async function sendAll(): Promise<ParsedMail[]> {
  const catcher = await startSmtpCatcher();
  try {
    const sender = createMailSender({
      store: shop.store,
      config: mailConfig(catcher.url, EINVOICE_SELLER),
      logger: silent,
    });
    while (sender && Object.values(await sender.runOnce()).some((n) => n > 0));
    await sender?.stop();
    return catcher.received;
  } finally {
    await catcher.close();
  }
}

const filesOf = (mails: ParsedMail[], number: string) => {
  // The terms email names the invoice in its subject; the payment email only in its files.
  const mail = mails.find(
    (m) => m.subject?.includes(number) || m.attachments.some((a) => a.filename?.startsWith(number)),
  );
  if (!mail) throw new Error(`no email about ${number}`);
  return mail.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: a.content,
  }));
};

/** The factur-x.xml a PDF carries. */
async function facturXOf(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const [spec] = doc.catalog.lookup(PDFName.of('AF'), PDFArray).asArray();
  const file = doc.context
    .lookup(spec, PDFDict)
    .lookup(PDFName.of('EF'), PDFDict)
    .lookup(PDFName.of('F'));
  if (!(file instanceof PDFRawStream)) throw new Error('factur-x.xml is not a stream');
  return Buffer.from(decodePDFRawStream(file).decode()).toString('utf8');
}

const xmlBody = (res: request.Response) => res.text;

describe('the invoice email follows the company’s e-invoice format', () => {
  it('when a company chose XRechnung, then its invoice email carries the XRechnung XML in that syntax, valid by the official rules, and the PDF; Factur-X and PDF carry the PDF alone', async () => {
    const numbers: Partial<Record<EInvoiceFormat, string>> = {};
    for (const format of ['xrechnung-ubl', 'xrechnung-cii', 'facturx', 'pdf'] as const) {
      const { session, companyId } = await companyBuyer({ eInvoiceFormat: format });
      numbers[format] = await payOnInvoice(session, companyId);
    }
    const mails = await sendAll();

    const ubl = numbers['xrechnung-ubl']!;
    const ublFiles = filesOf(mails, ubl);
    expect(ublFiles.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: `${ubl}-xrechnung-ubl.xml`, contentType: 'application/xml' },
      { filename: `${ubl}.pdf`, contentType: 'application/pdf' },
    ]);
    const ublXml = ublFiles[0]!.content.toString('utf8');
    expect(ublXml).toContain(
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
    );
    expect(ublXml).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(ublXml).toContain(`<cbc:ID>${ubl}</cbc:ID>`);
    const ublReport = await validateEInvoice(ublXml, {
      syntax: 'ubl',
      document: 'invoice',
      xrechnung: true,
    });
    expect(ublReport.errors).toEqual([]);
    expect(ublFiles[1]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const cii = numbers['xrechnung-cii']!;
    const ciiFiles = filesOf(mails, cii);
    expect(ciiFiles.map((f) => [f.filename, f.contentType])).toEqual([
      [`${cii}-xrechnung-cii.xml`, 'application/xml'],
      [`${cii}.pdf`, 'application/pdf'],
    ]);
    expect(ciiFiles[0]!.content.toString('utf8')).toContain('<rsm:CrossIndustryInvoice');

    for (const format of ['facturx', 'pdf'] as const) {
      const number = numbers[format]!;
      expect(filesOf(mails, number).map((f) => [f.filename, f.contentType])).toEqual([
        [`${number}.pdf`, 'application/pdf'],
      ]);
    }
  });

  it('when the company changes its format after the email was queued, then the email carries what it chose when sent', async () => {
    const { session, companyId } = await companyBuyer();
    const number = await payOnInvoice(session, companyId);
    await setFormat(companyId, 'xrechnung-cii');
    const files = filesOf(await sendAll(), number);
    expect(files.map((f) => f.filename)).toEqual([`${number}-xrechnung-cii.xml`, `${number}.pdf`]);
  });

  it('when a company member’s card order is paid and then refunded, then the payment email carries the invoice and the refund email the credit note, each as XRechnung with the PDF', async () => {
    const { session } = await companyBuyer({ eInvoiceFormat: 'xrechnung-ubl' });
    const tool = await shop.store.tools.create(
      buildTool({ priceCents: 2_000, availableQuantity: 100, minimumOrderQuantity: 1 }),
    );
    const placed = await shop.store.orders.place(
      buildOrderInput(tool._id, { userEmail: session.email.toLowerCase(), quantity: 2 }),
    );
    if (!placed.ok) throw new Error(placed.reason);
    expect(placed.order.companyId).toBeDefined();
    const paid = await shop.store.orders.markPaid(placed.order._id, 'pi_test_company_card');
    const { notifier, view } = mailKit(
      shop.store,
      mailConfig('smtp://127.0.0.1:9', EINVOICE_SELLER),
    );
    await notifier.notify('paid', view(paid!.order));
    const refunded = await shop.store.orders.markRefunded(placed.order._id, {
      refundId: 're_test_company',
      now: new Date().toISOString(),
    });
    if (refunded?.outcome !== 'REFUNDED') throw new Error(refunded?.outcome ?? 'not found');
    await notifier.notify('refunded', view(refunded.order));
    const mails = await sendAll();

    const invoice = await shop.store.invoices.get(placed.order._id);
    const note = await shop.store.creditNotes.get(placed.order._id);
    for (const number of [invoice!.number, note!.number])
      expect(filesOf(mails, number).map((f) => [f.filename, f.contentType])).toEqual([
        [`${number}-xrechnung-ubl.xml`, 'application/xml'],
        [`${number}.pdf`, 'application/pdf'],
      ]);
    const noteXml = filesOf(mails, note!.number)[0]!.content.toString('utf8');
    expect(noteXml).toContain('<CreditNote ');
    expect(noteXml).toContain(invoice!.number);
  });

  it('when a buyer with no company pays by card, then the payment email carries the Factur-X PDF', async () => {
    const order = await orderIn(shop.store, { paid: true });
    const { notifier, view } = mailKit(
      shop.store,
      mailConfig('smtp://127.0.0.1:9', EINVOICE_SELLER),
    );
    await notifier.notify('paid', view(order));
    const invoice = await shop.store.invoices.get(order._id);
    const files = filesOf(await sendAll(), invoice!.number);
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      [`${invoice!.number}.pdf`, 'application/pdf'],
    ]);
  });
});

describe('the buyer reference (BT-10)', () => {
  it('when the company has a Leitweg-ID, then its XRechnung in both syntaxes carries it as the buyer reference, the PO reference stays the order reference, and the rules accept it', async () => {
    const { session, companyId } = await companyBuyer({ buyerReference: '991-01234-56' });
    const number = await payOnInvoice(session, companyId);
    for (const syntax of ['ubl', 'cii'] as const) {
      const res = await as(
        session,
        request(shop.app).get(`/api/invoices/${number}/xml?syntax=${syntax}`),
      ).expect(200);
      const xml = xmlBody(res);
      if (syntax === 'ubl') {
        expect(xml).toContain('<cbc:BuyerReference>991-01234-56</cbc:BuyerReference>');
        expect(xml).toMatch(/<cac:OrderReference>\s*<cbc:ID>PO-2027-17<\/cbc:ID>/);
      } else {
        expect(xml).toContain('<ram:BuyerReference>991-01234-56</ram:BuyerReference>');
        expect(xml).toContain('<ram:IssuerAssignedID>PO-2027-17</ram:IssuerAssignedID>');
      }
      const report = await validateEInvoice(xml, { syntax, document: 'invoice', xrechnung: true });
      expect(report.errors).toEqual([]);
    }
    // The Factur-X XML inside the PDF carries it too.
    const pdf = await as(session, request(shop.app).get(`/api/invoices/${number}/pdf`))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(await facturXOf(pdf.body as Buffer)).toContain(
      '<ram:BuyerReference>991-01234-56</ram:BuyerReference>',
    );
  });

  it('when the company has none, then the PO reference is the buyer reference; one set later is used from then on', async () => {
    const { session, companyId } = await companyBuyer();
    const number = await payOnInvoice(session, companyId);
    const ubl = async () =>
      xmlBody(await as(session, request(shop.app).get(`/api/invoices/${number}/xml`)).expect(200));
    expect(await ubl()).toContain('<cbc:BuyerReference>PO-2027-17</cbc:BuyerReference>');
    const company = await shop.store.companies.get(companyId);
    await shop.store.companies.update(companyId, { ...company!, buyerReference: 'LW-ACCOUNTS' });
    expect(await ubl()).toContain('<cbc:BuyerReference>LW-ACCOUNTS</cbc:BuyerReference>');
  });
});
