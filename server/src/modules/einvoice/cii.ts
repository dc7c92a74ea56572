import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { EInvoice, EInvoiceParty, PostalAddress } from '../../domain/einvoice.js';
import { amount, BUSINESS_PROCESS, price, PROFILES, type EInvoiceProfile } from './profiles.js';

/**
 * An EN 16931 document in UN/CEFACT Cross Industry Invoice (D16B), the syntax of Factur-X /
 * ZUGFeRD and one of XRechnung's two. Elements follow the schema's order
 * (server/einvoice-rules/resources/cii/16b/xsd); which ones, the EN 16931 CII binding.
 */

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/** `YYYY-MM-DD` as CII's date (format 102: `YYYYMMDD`). */
const dateTime = (parent: XMLBuilder, name: string, day: string) =>
  parent
    .ele(`ram:${name}`)
    .ele('udt:DateTimeString', { format: '102' })
    .txt(day.replaceAll('-', ''));

const text = (parent: XMLBuilder, name: string, value: string | undefined) => {
  if (value !== undefined && value !== '') parent.ele(`ram:${name}`).txt(value);
};

function address(parent: XMLBuilder, a: PostalAddress) {
  const el = parent.ele('ram:PostalTradeAddress');
  text(el, 'PostcodeCode', a.postcode);
  const [one, two, ...rest] = a.lines;
  text(el, 'LineOne', one);
  text(el, 'LineTwo', two);
  text(el, 'LineThree', rest.length ? rest.join(', ') : undefined);
  text(el, 'CityName', a.city);
  text(el, 'CountryID', a.countryCode);
  text(el, 'CountrySubDivisionName', a.subdivision);
}

function party(
  parent: XMLBuilder,
  name: string,
  p: EInvoiceParty,
  contact?: EInvoice['seller']['contact'],
) {
  const el = parent.ele(`ram:${name}`);
  el.ele('ram:Name').txt(p.name);
  if (p.legalId || p.tradingName) {
    const legal = el.ele('ram:SpecifiedLegalOrganization');
    text(legal, 'ID', p.legalId);
    text(legal, 'TradingBusinessName', p.tradingName);
  }
  if (contact) {
    const c = el.ele('ram:DefinedTradeContact');
    c.ele('ram:PersonName').txt(contact.name);
    if (contact.phone)
      c.ele('ram:TelephoneUniversalCommunication').ele('ram:CompleteNumber').txt(contact.phone);
    if (contact.email)
      c.ele('ram:EmailURIUniversalCommunication').ele('ram:URIID').txt(contact.email);
  }
  address(el, p.address);
  if (p.email)
    el.ele('ram:URIUniversalCommunication').ele('ram:URIID', { schemeID: 'EM' }).txt(p.email);
  if (p.vatId)
    el.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: 'VA' }).txt(p.vatId);
  if (p.taxId)
    el.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: 'FC' }).txt(p.taxId);
}

export function ciiXml(doc: EInvoice, profile: EInvoiceProfile): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    NS.rsm,
    'rsm:CrossIndustryInvoice',
    {
      'xmlns:ram': NS.ram,
      'xmlns:qdt': NS.qdt,
      'xmlns:udt': NS.udt,
    },
  );

  const context = root.ele('rsm:ExchangedDocumentContext');
  context
    .ele('ram:BusinessProcessSpecifiedDocumentContextParameter')
    .ele('ram:ID')
    .txt(BUSINESS_PROCESS);
  context
    .ele('ram:GuidelineSpecifiedDocumentContextParameter')
    .ele('ram:ID')
    .txt(PROFILES[profile]);

  const header = root.ele('rsm:ExchangedDocument');
  header.ele('ram:ID').txt(doc.number);
  header.ele('ram:TypeCode').txt(doc.typeCode);
  dateTime(header, 'IssueDateTime', doc.issueDate);
  for (const note of doc.notes) header.ele('ram:IncludedNote').ele('ram:Content').txt(note);

  const transaction = root.ele('rsm:SupplyChainTradeTransaction');
  for (const line of doc.lines) {
    const item = transaction.ele('ram:IncludedSupplyChainTradeLineItem');
    item.ele('ram:AssociatedDocumentLineDocument').ele('ram:LineID').txt(line.id);
    const product = item.ele('ram:SpecifiedTradeProduct');
    text(product, 'SellerAssignedID', line.sku);
    product.ele('ram:Name').txt(line.name);
    const netPrice = item
      .ele('ram:SpecifiedLineTradeAgreement')
      .ele('ram:NetPriceProductTradePrice');
    netPrice.ele('ram:ChargeAmount').txt(price(line.netPriceCents));
    if (line.baseQuantity !== 1)
      netPrice.ele('ram:BasisQuantity', { unitCode: 'C62' }).txt(String(line.baseQuantity));
    item
      .ele('ram:SpecifiedLineTradeDelivery')
      .ele('ram:BilledQuantity', { unitCode: 'C62' })
      .txt(String(line.quantity));
    const settlement = item.ele('ram:SpecifiedLineTradeSettlement');
    const tax = settlement.ele('ram:ApplicableTradeTax');
    tax.ele('ram:TypeCode').txt('VAT');
    tax.ele('ram:CategoryCode').txt(line.category);
    if (line.category !== 'O') tax.ele('ram:RateApplicablePercent').txt(String(line.ratePercent));
    settlement
      .ele('ram:SpecifiedTradeSettlementLineMonetarySummation')
      .ele('ram:LineTotalAmount')
      .txt(amount(line.netAmountCents));
  }

  const agreement = transaction.ele('ram:ApplicableHeaderTradeAgreement');
  agreement.ele('ram:BuyerReference').txt(doc.buyerReference);
  party(agreement, 'SellerTradeParty', doc.seller, doc.seller.contact);
  party(agreement, 'BuyerTradeParty', doc.buyer);
  if (doc.purchaseOrderReference)
    agreement
      .ele('ram:BuyerOrderReferencedDocument')
      .ele('ram:IssuerAssignedID')
      .txt(doc.purchaseOrderReference);

  const delivery = transaction.ele('ram:ApplicableHeaderTradeDelivery');
  if (doc.delivery.address.countryCode) {
    const shipTo = delivery.ele('ram:ShipToTradeParty');
    address(shipTo, doc.delivery.address);
  }

  const settlement = transaction.ele('ram:ApplicableHeaderTradeSettlement');
  if (doc.payment.code !== 'ZZZ') text(settlement, 'PaymentReference', doc.payment.remittance);
  settlement.ele('ram:InvoiceCurrencyCode').txt(doc.currency);
  const means = settlement.ele('ram:SpecifiedTradeSettlementPaymentMeans');
  means.ele('ram:TypeCode').txt(doc.payment.code);
  if (doc.payment.code === 'ZZZ') means.ele('ram:Information').txt(doc.payment.information);
  else {
    const account = means.ele('ram:PayeePartyCreditorFinancialAccount');
    text(account, 'IBANID', doc.payment.iban);
    text(account, 'AccountName', doc.payment.accountName);
    if (doc.payment.bic)
      means
        .ele('ram:PayeeSpecifiedCreditorFinancialInstitution')
        .ele('ram:BICID')
        .txt(doc.payment.bic);
  }
  for (const row of doc.taxBreakdown) {
    const tax = settlement.ele('ram:ApplicableTradeTax');
    tax.ele('ram:CalculatedAmount').txt(amount(row.taxCents));
    tax.ele('ram:TypeCode').txt('VAT');
    text(tax, 'ExemptionReason', row.exemptionReason);
    tax.ele('ram:BasisAmount').txt(amount(row.taxableCents));
    tax.ele('ram:CategoryCode').txt(row.category);
    text(tax, 'ExemptionReasonCode', row.exemptionCode);
    if (row.category !== 'O') tax.ele('ram:RateApplicablePercent').txt(String(row.ratePercent));
  }
  const period = settlement.ele('ram:BillingSpecifiedPeriod');
  dateTime(period, 'StartDateTime', doc.period.start);
  dateTime(period, 'EndDateTime', doc.period.end);
  const terms = settlement.ele('ram:SpecifiedTradePaymentTerms');
  terms.ele('ram:Description').txt(doc.paymentTerms);
  if (doc.dueDate) dateTime(terms, 'DueDateDateTime', doc.dueDate);
  const totals = settlement.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const t = doc.totals;
  totals.ele('ram:LineTotalAmount').txt(amount(t.lineNetCents));
  totals.ele('ram:TaxBasisTotalAmount').txt(amount(t.taxExclusiveCents));
  totals.ele('ram:TaxTotalAmount', { currencyID: doc.currency }).txt(amount(t.taxCents));
  if (t.roundingCents !== 0) totals.ele('ram:RoundingAmount').txt(amount(t.roundingCents));
  totals.ele('ram:GrandTotalAmount').txt(amount(t.taxInclusiveCents));
  if (t.paidCents !== 0) totals.ele('ram:TotalPrepaidAmount').txt(amount(t.paidCents));
  totals.ele('ram:DuePayableAmount').txt(amount(t.payableCents));
  if (doc.precedingInvoice) {
    const preceding = settlement.ele('ram:InvoiceReferencedDocument');
    preceding.ele('ram:IssuerAssignedID').txt(doc.precedingInvoice.number);
    if (doc.precedingInvoice.issueDate) {
      preceding
        .ele('ram:FormattedIssueDateTime')
        .ele('qdt:DateTimeString', { format: '102' })
        .txt(doc.precedingInvoice.issueDate.replaceAll('-', ''));
    }
  }
  return root.end({ prettyPrint: true });
}
