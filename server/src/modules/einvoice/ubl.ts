import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { EInvoice, EInvoiceParty, PostalAddress } from '../../domain/einvoice.js';
import { amount, BUSINESS_PROCESS, price, PROFILES, type EInvoiceProfile } from './profiles.js';

/**
 * An EN 16931 document in OASIS UBL 2.1: an `Invoice`, or a `CreditNote` for a credit note.
 * Elements follow the schema's order (server/einvoice-rules/resources/ubl/2.1/xsd); which ones,
 * the EN 16931 UBL binding.
 */

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  'credit-note': 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

const cbc = (parent: XMLBuilder, name: string, value: string | undefined, attrs = {}) => {
  if (value !== undefined && value !== '') parent.ele(`cbc:${name}`, attrs).txt(value);
};

function address(parent: XMLBuilder, name: string, a: PostalAddress) {
  const el = parent.ele(`cac:${name}`);
  const [street, additional, ...rest] = a.lines;
  cbc(el, 'StreetName', street);
  cbc(el, 'AdditionalStreetName', additional);
  cbc(el, 'CityName', a.city);
  cbc(el, 'PostalZone', a.postcode);
  cbc(el, 'CountrySubentity', a.subdivision);
  if (rest.length) el.ele('cac:AddressLine').ele('cbc:Line').txt(rest.join(', '));
  if (a.countryCode) el.ele('cac:Country').ele('cbc:IdentificationCode').txt(a.countryCode);
}

function party(
  parent: XMLBuilder,
  name: string,
  p: EInvoiceParty,
  contact?: EInvoice['seller']['contact'],
) {
  const el = parent.ele(`cac:${name}`).ele('cac:Party');
  cbc(el, 'EndpointID', p.email, { schemeID: 'EM' });
  if (p.tradingName) el.ele('cac:PartyName').ele('cbc:Name').txt(p.tradingName);
  address(el, 'PostalAddress', p.address);
  for (const [id, scheme] of [
    [p.vatId, 'VAT'],
    [p.taxId, 'FC'],
  ] as const) {
    if (!id) continue;
    const tax = el.ele('cac:PartyTaxScheme');
    tax.ele('cbc:CompanyID').txt(id);
    tax.ele('cac:TaxScheme').ele('cbc:ID').txt(scheme);
  }
  const legal = el.ele('cac:PartyLegalEntity');
  legal.ele('cbc:RegistrationName').txt(p.name);
  cbc(legal, 'CompanyID', p.legalId);
  if (contact) {
    const c = el.ele('cac:Contact');
    cbc(c, 'Name', contact.name);
    cbc(c, 'Telephone', contact.phone);
    cbc(c, 'ElectronicMail', contact.email);
  }
}

export function ublXml(doc: EInvoice, profile: EInvoiceProfile): string {
  const credit = doc.kind === 'credit-note';
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    NS[doc.kind],
    credit ? 'CreditNote' : 'Invoice',
    { 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc },
  );
  const currency = { currencyID: doc.currency };
  const money = (parent: XMLBuilder, name: string, cents: number) =>
    parent.ele(`cbc:${name}`, currency).txt(amount(cents));

  cbc(root, 'CustomizationID', PROFILES[profile]);
  cbc(root, 'ProfileID', BUSINESS_PROCESS);
  cbc(root, 'ID', doc.number);
  cbc(root, 'IssueDate', doc.issueDate);
  if (!credit) cbc(root, 'DueDate', doc.dueDate);
  cbc(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode', doc.typeCode);
  for (const note of doc.notes) cbc(root, 'Note', note);
  cbc(root, 'DocumentCurrencyCode', doc.currency);
  cbc(root, 'BuyerReference', doc.buyerReference);
  const period = root.ele('cac:InvoicePeriod');
  cbc(period, 'StartDate', doc.period.start);
  cbc(period, 'EndDate', doc.period.end);
  const order = root.ele('cac:OrderReference');
  // BT-13 is the order reference's ID; without a PO, UBL wants the element and NA in it.
  cbc(order, 'ID', doc.purchaseOrderReference ?? 'NA');
  cbc(order, 'SalesOrderID', doc.salesOrderReference);
  if (doc.precedingInvoice) {
    const preceding = root.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference');
    cbc(preceding, 'ID', doc.precedingInvoice.number);
    cbc(preceding, 'IssueDate', doc.precedingInvoice.issueDate);
  }
  party(root, 'AccountingSupplierParty', doc.seller, doc.seller.contact);
  party(root, 'AccountingCustomerParty', doc.buyer);
  if (doc.delivery.address.countryCode)
    address(root.ele('cac:Delivery').ele('cac:DeliveryLocation'), 'Address', doc.delivery.address);

  const means = root.ele('cac:PaymentMeans');
  const payment = doc.payment;
  cbc(
    means,
    'PaymentMeansCode',
    payment.code,
    payment.code === 'ZZZ' ? { name: payment.information } : {},
  );
  if (payment.code !== 'ZZZ') {
    cbc(means, 'PaymentID', payment.remittance);
    if (payment.iban) {
      const account = means.ele('cac:PayeeFinancialAccount');
      cbc(account, 'ID', payment.iban);
      cbc(account, 'Name', payment.accountName);
      if (payment.bic) account.ele('cac:FinancialInstitutionBranch').ele('cbc:ID').txt(payment.bic);
    }
  }
  cbc(root.ele('cac:PaymentTerms'), 'Note', doc.paymentTerms);

  const taxTotal = root.ele('cac:TaxTotal');
  money(taxTotal, 'TaxAmount', doc.totals.taxCents);
  for (const row of doc.taxBreakdown) {
    const sub = taxTotal.ele('cac:TaxSubtotal');
    money(sub, 'TaxableAmount', row.taxableCents);
    money(sub, 'TaxAmount', row.taxCents);
    const category = sub.ele('cac:TaxCategory');
    cbc(category, 'ID', row.category);
    if (row.category !== 'O') cbc(category, 'Percent', String(row.ratePercent));
    cbc(category, 'TaxExemptionReasonCode', row.exemptionCode);
    cbc(category, 'TaxExemptionReason', row.exemptionReason);
    category.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT');
  }

  const t = doc.totals;
  const totals = root.ele('cac:LegalMonetaryTotal');
  money(totals, 'LineExtensionAmount', t.lineNetCents);
  money(totals, 'TaxExclusiveAmount', t.taxExclusiveCents);
  money(totals, 'TaxInclusiveAmount', t.taxInclusiveCents);
  if (t.paidCents !== 0) money(totals, 'PrepaidAmount', t.paidCents);
  if (t.roundingCents !== 0) money(totals, 'PayableRoundingAmount', t.roundingCents);
  money(totals, 'PayableAmount', t.payableCents);

  for (const line of doc.lines) {
    const el = root.ele(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
    cbc(el, 'ID', line.id);
    cbc(el, credit ? 'CreditedQuantity' : 'InvoicedQuantity', String(line.quantity), {
      unitCode: 'C62',
    });
    money(el, 'LineExtensionAmount', line.netAmountCents);
    const item = el.ele('cac:Item');
    cbc(item, 'Name', line.name);
    if (line.sku) item.ele('cac:SellersItemIdentification').ele('cbc:ID').txt(line.sku);
    const tax = item.ele('cac:ClassifiedTaxCategory');
    cbc(tax, 'ID', line.category);
    if (line.category !== 'O') cbc(tax, 'Percent', String(line.ratePercent));
    tax.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT');
    const unitPrice = el.ele('cac:Price');
    unitPrice.ele('cbc:PriceAmount', currency).txt(price(line.netPriceCents));
    if (line.baseQuantity !== 1)
      cbc(unitPrice, 'BaseQuantity', String(line.baseQuantity), { unitCode: 'C62' });
  }
  return root.end({ prettyPrint: true });
}
