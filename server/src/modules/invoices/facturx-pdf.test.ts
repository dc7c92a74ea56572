import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFString,
  PDFHexString,
  type PDFObject,
} from 'pdf-lib';
import type { OrderRecord } from '../../store/store.js';
import { useTestGatewayShop } from '../../test/payments-fixtures.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { pdfText } from '../../test/smtp-catcher.js';
import { useSignedIn } from '../../test/test-app.js';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf.js';

// Issue 52: the invoice and credit note PDFs are PDF/A-3b with embedded fonts and, given the CII
// XML, Factur-X EN 16931 hybrids. The PDF is parsed (pdf-lib) and read as a validator would;
// a full PDF/A validation (veraPDF) needs Java, which this machine does not have.
const { shop: gatewayShop, intentFor, confirm } = useTestGatewayShop();
const shop = useSignedIn(gatewayShop, { admin: { displayName: 'Ada Admin', admin: true } });

/** A minimal CII invoice; the EN 16931 generator (src/modules/einvoice) makes the real one. */
const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>INV-2026-000001</ram:ID><ram:TypeCode>380</ram:TypeCode></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeAgreement><ram:BuyerTradeParty><ram:Name>Müller &amp; Söhne Straßenbau</ram:Name></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement></rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;

const text = (o: PDFObject | undefined) =>
  o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : String(o);

/** What a Factur-X checker reads of a PDF: its header, XMP, attachments and fonts. */
async function inspect(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const { catalog, context } = doc;
  const stream = (o: PDFObject | undefined) => {
    const raw = context.lookup(o);
    if (!(raw instanceof PDFRawStream)) throw new Error(`not a stream: ${String(raw)}`);
    return Buffer.from(decodePDFRawStream(raw).decode()).toString('utf8');
  };
  const attachment = (ref: PDFObject) => {
    const spec = context.lookup(ref, PDFDict);
    const file = context.lookup(spec.lookup(PDFName.of('EF'), PDFDict).get(PDFName.of('F')));
    return {
      name: text(spec.get(PDFName.of('F'))),
      unicodeName: text(spec.get(PDFName.of('UF'))),
      relationship: String(spec.get(PDFName.of('AFRelationship'))),
      subtype: String((file as PDFRawStream).dict.get(PDFName.of('Subtype'))),
      content: stream(file),
    };
  };
  const names = catalog
    .lookup(PDFName.of('Names'), PDFDict)
    .lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)
    ?.lookup(PDFName.of('Names'), PDFArray)
    .asArray();
  const fonts = doc.getPages().flatMap((page) => {
    const dict = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    return dict.values().map((ref) => {
      const font = context.lookup(ref, PDFDict);
      const cid = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookup(0, PDFDict);
      const descriptor = (cid ?? font).lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
      return {
        name: String(font.get(PDFName.of('BaseFont'))),
        embedded: ['FontFile', 'FontFile2', 'FontFile3'].some((key) =>
          descriptor?.has(PDFName.of(key)),
        ),
      };
    });
  });
  return {
    header: pdf.subarray(0, 8).toString('latin1'),
    xmp: stream(catalog.get(PDFName.of('Metadata'))),
    af: (catalog.lookupMaybe(PDFName.of('AF'), PDFArray)?.asArray() ?? []).map(attachment),
    named: names ? [text(names[0])].concat(names.length > 2 ? ['…'] : []) : [],
    fonts,
  };
}

async function refundedOrder() {
  const buyer = shop.customer;
  await request(shop.app)
    .post('/api/addUser')
    .set('Authorization', buyer.bearer)
    .send({
      name: 'Zoë Łukasiewicz',
      company_name: 'Müller & Söhne Straßenbau',
      country: 'France',
      street_address: '1 Rue de l’Église',
      city: 'Paris',
      postal_code: '75001',
    })
    .expect(200);
  const tool = await shop.store.tools.create(
    buildTool({ priceCents: 400, minimumOrderQuantity: 1 }),
  );
  const placed = await shop.store.orders.place(
    buildOrderInput(tool._id, {
      userEmail: buyer.email,
      userName: 'Zoë Łukasiewicz',
      userAddress: 'ul. Świętokrzyska 12, 00-916 Warszawa',
    }),
  );
  if (!placed.ok) throw new Error(placed.reason);
  const order = placed.order;
  await confirm(await intentFor(order, buyer), {}, buyer).expect(200);
  await request(shop.app)
    .post(`/api/order/${order._id}/refund`)
    .set('Authorization', shop.admin.bearer)
    .send({})
    .expect(200);
  return (await shop.store.orders.get(order._id)) as OrderRecord;
}

const download = (id: string, doc: 'invoice' | 'credit-note') =>
  request(shop.app)
    .get(`/api/order/${id}/${doc}.pdf`)
    .set('Authorization', shop.customer.bearer)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200)
    .then((res) => res.body as Buffer);

describe('the invoice and credit note PDFs', () => {
  it('when a buyer with a non-ASCII name downloads them, then they are PDF/A-3b PDF 1.7 with every font embedded, the invoice in CII attached, and the names print', async () => {
    const order = await refundedOrder();
    for (const kind of ['invoice', 'credit-note'] as const) {
      const pdf = await download(order._id, kind);
      const read = await inspect(pdf);
      expect(read.header).toBe('%PDF-1.7');
      expect(read.xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
      expect(read.xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
      // Every download is a Factur-X hybrid (the XML itself: einvoice-api.test.ts).
      expect(read.af).toEqual([
        expect.objectContaining({ name: 'factur-x.xml', relationship: '/Alternative' }),
      ]);
      expect(read.af[0]!.content).toContain('Müller &amp; Söhne Straßenbau');
      expect(read.fonts.length).toBeGreaterThanOrEqual(2);
      expect(read.fonts.filter((f) => !f.embedded)).toEqual([]);
      // Not one of the standard 14, which a PDF/A may not leave unembedded.
      expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
      expect(read.fonts.map((f) => f.name)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/[A-Z]{6}\+Arimo-Regular$/),
          expect.stringMatching(/^\/[A-Z]{6}\+Arimo-Bold$/),
        ]),
      );
      const printed = await pdfText(pdf);
      for (const name of [
        'Zoë Łukasiewicz',
        'Müller & Söhne Straßenbau',
        '1 Rue de l’Église',
        'ul. Świętokrzyska 12',
      ])
        expect(printed).toContain(name);
    }
  });

  it('when given the CII XML, then each is a Factur-X EN 16931 hybrid: factur-x.xml attached as the Alternative, and the Factur-X XMP with its extension schema', async () => {
    const order = await refundedOrder();
    const invoice = await shop.store.invoices.get(order._id);
    const note = await shop.store.creditNotes.get(order._id);
    const pdfs = [
      await renderInvoicePdf(
        { ...invoice!, snapshot: invoice!.snapshot! },
        { facturX: { xml: CII } },
      ),
      await renderCreditNotePdf(note!, { facturX: { xml: Buffer.from(CII) } }),
    ];
    for (const pdf of pdfs) {
      const read = await inspect(pdf);
      expect(read.header).toBe('%PDF-1.7');
      expect(read.af).toEqual([
        {
          name: 'factur-x.xml',
          unicodeName: 'factur-x.xml',
          relationship: '/Alternative',
          subtype: '/text#2Fxml',
          content: CII,
        },
      ]);
      expect(read.named).toEqual(['factur-x.xml']);
      expect(read.xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
      expect(read.xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
      const fx = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
      expect(read.xmp).toContain(`xmlns:fx="${fx}"`);
      for (const [name, value] of [
        ['DocumentType', 'INVOICE'],
        ['DocumentFileName', 'factur-x.xml'],
        ['Version', '1.0'],
        ['ConformanceLevel', 'EN 16931'],
      ]) {
        expect(read.xmp).toContain(`<fx:${name}>${value}</fx:${name}>`);
        expect(read.xmp).toContain(`<pdfaProperty:name>${name}</pdfaProperty:name>`);
      }
      expect(read.xmp).toContain(`<pdfaSchema:namespaceURI>${fx}</pdfaSchema:namespaceURI>`);
      expect(read.xmp).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
      expect(read.fonts.filter((f) => !f.embedded)).toEqual([]);
      expect(await pdfText(pdf)).toContain('Zoë Łukasiewicz');
    }
  });

  it('when the seller’s name holds XML’s special characters, then the XMP carries it escaped and the page prints it as it is', async () => {
    const order = await refundedOrder();
    const invoice = await shop.store.invoices.get(order._id);
    const snapshot = invoice!.snapshot!;
    const seller = { ...snapshot.seller, name: 'Smith & Sons <Tools>' };
    const pdf = await renderInvoicePdf(
      { ...invoice!, snapshot: { ...snapshot, seller } },
      { facturX: { xml: CII } },
    );
    const { xmp } = await inspect(pdf);
    expect(xmp).toContain('<rdf:li>Smith &#38; Sons &#60;Tools&#62;</rdf:li>');
    expect(xmp).toContain('Invoice INV-');
    expect(xmp).not.toContain('Smith & Sons');
    expect(await pdfText(pdf)).toContain('Smith & Sons <Tools>');
  });
});
