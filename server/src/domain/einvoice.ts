import type { CreditNoteSnapshot, InvoiceSnapshot } from '../store/store.js';
import { includedTaxCents } from './tax-amounts.js';
import type { TaxCategory } from './tax.js';

/**
 * One typed EN 16931 invoice (or credit note), built from an issued document's snapshot and
 * nothing else: the CII and UBL writers (modules/einvoice) only spell it out. Business terms are
 * named after the standard's (BT-n) where it helps to find them.
 *
 * Amounts are integer cents, as the snapshot holds them. Line net amounts are each line's amount
 * less its own tax (rounded once per line, issue 51), the tax breakdown sums them per category
 * and rate, and the document's totals sum the breakdown: EN 16931's calculation rules hold by
 * construction. A snapshot from before issue 51 has one rate and one tax for the order; its
 * lines' net amounts are then each line's own, and the cent the two roundings may differ by is
 * the document's rounding amount (BT-114), so the amount due stays what was charged.
 */

export interface PostalAddress {
  /** Street lines (BT-35, BT-36, BT-162). */
  lines: string[];
  city?: string;
  postcode?: string;
  /** A state or region (BT-39). */
  subdivision?: string;
  /** ISO 3166-1 alpha-2 (BT-40, BT-55). */
  countryCode?: string;
}

export interface EInvoiceParty {
  name: string;
  /** A trading name or the person's, beside the company (BT-28, BT-45). */
  tradingName?: string;
  address: PostalAddress;
  vatId?: string;
  /** A tax registration that is not a VAT ID (BT-32). */
  taxId?: string;
  /**
   * The registration that identifies the party as a legal entity (BT-30): the seller's tax
   * number where it has no VAT ID (a US seller's EIN), as EN 16931 wants one of the two.
   */
  legalId?: string;
  /** Where the party receives documents: an email (scheme `EM`, BT-34, BT-49). */
  email?: string;
}

export interface EInvoiceLine {
  /** The line's number in the document (BT-126). */
  id: string;
  /** The seller's item identifier, our SKU (BT-155). */
  sku?: string;
  name: string;
  /** In pieces (BT-129), unit C62 ("one"). */
  quantity: number;
  /** The net price for `baseQuantity` pieces (BT-146, BT-149), in cents, maybe fractional. */
  netPriceCents: number;
  baseQuantity: number;
  /** BT-131. */
  netAmountCents: number;
  category: TaxCategory;
  ratePercent: number;
}

export interface EInvoiceTaxRow {
  category: TaxCategory;
  ratePercent: number;
  taxableCents: number;
  taxCents: number;
  /** A 0%'s reason in words and VATEX code (BT-120, BT-121). */
  exemptionReason?: string;
  exemptionCode?: string;
}

export type PaymentMeans =
  /**
   * Paid by card when ordered. UNCL 4461's 48 (bank card) needs the card's number (BG-18), which
   * the shop never holds (the gateway does): `ZZZ`, mutually defined, with the words instead.
   */
  | { code: 'ZZZ'; information: string }
  /** A transfer to the seller's account: 58 SEPA credit transfer with an IBAN, else 30. */
  | { code: '58' | '30'; iban?: string; bic?: string; accountName: string; remittance: string };

export interface EInvoice {
  kind: 'invoice' | 'credit-note';
  /** BT-1. */
  number: string;
  /** BT-2, `YYYY-MM-DD`. */
  issueDate: string;
  /** BT-3: 380 commercial invoice, 381 credit note. */
  typeCode: '380' | '381';
  /** ISO 4217 (BT-5). */
  currency: string;
  /** BT-9, `YYYY-MM-DD`: an invoice on terms. */
  dueDate?: string;
  /** BT-20, in words. */
  paymentTerms: string;
  /** BT-10: the buyer's routing reference (a Leitweg-ID), else its PO reference, else our order. */
  buyerReference: string;
  /** BT-13. */
  purchaseOrderReference?: string;
  /** BT-14: our order number. */
  salesOrderReference: string;
  /** A credit note's invoice (BT-25, BT-26). */
  precedingInvoice?: { number: string; issueDate?: string };
  /** BT-22: what the document says in words (exemption notes, the refund's reason). */
  notes: string[];
  seller: EInvoiceParty & { contact: { name: string; email?: string; phone?: string } };
  buyer: EInvoiceParty;
  /**
   * Where the goods went (BG-15), and the period the invoice covers (BG-14): from the order's
   * payment (or confirmation on terms) to the invoice's issue, as the shop invoices when an
   * order is paid or confirmed, before it ships.
   */
  delivery: { address: PostalAddress };
  period: { start: string; end: string };
  payment: PaymentMeans;
  lines: EInvoiceLine[];
  taxBreakdown: EInvoiceTaxRow[];
  totals: {
    /** BT-106. */
    lineNetCents: number;
    /** BT-109 (no document allowances or charges: = BT-106). */
    taxExclusiveCents: number;
    /** BT-110. */
    taxCents: number;
    /** BT-112. */
    taxInclusiveCents: number;
    /** BT-113: paid already (by card when ordered; received against an invoice on terms). */
    paidCents: number;
    /** BT-114: what makes the amount due the amount charged (snapshots before issue 51). */
    roundingCents: number;
    /** BT-115. */
    payableCents: number;
  };
  /**
   * The fields the issued snapshot did not hold (a document issued before e-invoices): the XML
   * says so in a note, and they are left out rather than made up.
   */
  missing: string[];
}

/** What the shop knows beside the snapshot when it writes the XML (its settings, the company's). */
export interface EInvoiceContext {
  /** `SELLER_COUNTRY`; else the country the seller's address ends with. */
  sellerCountry?: string;
  sellerEmail?: string;
  sellerPhone?: string;
  /** The company's buyer reference (a Leitweg-ID for a public buyer). */
  buyerReference?: string;
  /** For an invoice on terms: what has been received against it so far. */
  paidCents?: number;
}

const COUNTRY_ALIASES: Record<string, string> = {
  USA: 'US',
  'UNITED STATES OF AMERICA': 'US',
  UK: 'GB',
  'GREAT BRITAIN': 'GB',
  ENGLAND: 'GB',
  DEUTSCHLAND: 'DE',
  ÖSTERREICH: 'AT',
  NEDERLAND: 'NL',
  ESPAÑA: 'ES',
  ITALIA: 'IT',
  SCHWEIZ: 'CH',
  SUISSE: 'CH',
  POLSKA: 'PL',
};

/** Codes Intl names that ISO 3166-1 does not assign (withdrawn, or not countries). */
const NOT_ISO = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH NT QO QU RH SU TA TP UK UN VD XA XB XK YD YU ZR ZZ'.split(
    ' ',
  ),
);

let countryNames: Map<string, string> | undefined;
/** English names of ISO 3166 regions (from Intl) and a few common others, upper-cased. */
function countryCodeOf(text: string): string | undefined {
  const key = text.trim().toUpperCase();
  if (!key) return undefined;
  if (!countryNames) {
    countryNames = new Map(Object.entries(COUNTRY_ALIASES));
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = names.of(code);
        if (name && name !== code && !NOT_ISO.has(code)) {
          countryNames.set(name.toUpperCase(), code);
          countryNames.set(code, code);
        }
      }
  }
  return countryNames.get(key);
}

/** "10115 Berlin", "F-75001 Paris", "00-950 Warszawa". */
const POSTCODE_FIRST = /^(?:[A-Z]{1,2}-)?(\d{4,5}|\d{2}-\d{3}|\d{3} ?\d{2})\s+(.+)$/;
/** "Springfield, IL 62701", "Lyon, 69002", "London SW1A 1AA". */
const POSTCODE_LAST =
  /^(.+?),?\s+(?:([A-Z]{2})\s+)?(\d{5}(?:-\d{4})?|\d{4,6}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/;

/**
 * Reads a printed address (its lines as the snapshot keeps them) into EN 16931's parts: the last
 * line is the country when it names one, the line before holds the post code and city; what
 * cannot be read stays in the street lines.
 */
export function parseAddress(printed: readonly string[], countryHint?: string): PostalAddress {
  const lines = printed.map((line) => line.trim()).filter(Boolean);
  const last = lines.at(-1);
  const named = last !== undefined ? countryCodeOf(last) : undefined;
  if (named) lines.pop();
  const countryCode = named ?? countryHint;
  const place = lines.length > 1 ? lines.at(-1)! : undefined;
  const first = place && POSTCODE_FIRST.exec(place);
  const after = !first && place ? POSTCODE_LAST.exec(place) : null;
  if (first) {
    lines.pop();
    return { lines, postcode: first[1]!, city: first[2]!, ...(countryCode && { countryCode }) };
  }
  if (after) {
    lines.pop();
    return {
      lines,
      city: after[1]!,
      postcode: after[3]!,
      ...(after[2] && { subdivision: after[2] }),
      ...(countryCode && { countryCode }),
    };
  }
  // "Springfield" alone after the street: a city without a post code.
  if (place && !/\d/.test(place)) {
    lines.pop();
    return { lines, city: place, ...(countryCode && { countryCode }) };
  }
  return { lines, ...(countryCode && { countryCode }) };
}

const IBAN = /\bIBAN[:\s]*([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{1,4}){2,8})/i;
const BIC = /\bBIC[:\s]*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b/i;

/** `SELLER_BANK_DETAILS` ("Foundry Bank, IBAN DE89 3704 ..., BIC COBADEFFXXX") in parts. */
export function bankAccount(details: string | undefined) {
  const iban = details && IBAN.exec(details)?.[1]?.replace(/\s/g, '').toUpperCase();
  const bic = details && BIC.exec(details)?.[1]?.toUpperCase();
  const name = details?.split(/,|\n/)[0]?.trim();
  return { ...(iban && { iban }), ...(bic && { bic }), ...(name && { name }) };
}

type Snapshot = InvoiceSnapshot | CreditNoteSnapshot;

/** The lines' tax: as each was decided (issue 51), or the order's one rate before. */
function linesOf(s: Snapshot): EInvoiceLine[] {
  return s.lines.map((line, i) => {
    const ratePercent = line.tax?.ratePercent ?? s.taxRatePercent;
    const category: TaxCategory = line.tax?.category ?? (ratePercent > 0 ? 'S' : 'Z');
    const includes = s.pricesIncludeTax ?? !s.taxBreakdown;
    const lineTax = line.tax
      ? line.tax.taxCents
      : includes
        ? includedTaxCents(line.lineTotalCents, ratePercent)
        : 0;
    const netAmountCents = includes ? line.lineTotalCents - lineTax : line.lineTotalCents;
    const baseQuantity = line.priceBasis ?? 1;
    return {
      id: String(i + 1),
      ...(line.sku !== undefined && { sku: line.sku }),
      name: line.name,
      quantity: line.quantity,
      netPriceCents: (netAmountCents * baseQuantity) / line.quantity,
      baseQuantity,
      netAmountCents,
      category,
      ratePercent,
    };
  });
}

function breakdownOf(s: Snapshot, lines: readonly EInvoiceLine[]): EInvoiceTaxRow[] {
  if (s.taxBreakdown)
    return s.taxBreakdown.map((row) => ({
      category: row.category,
      ratePercent: row.ratePercent,
      taxableCents: row.taxableCents,
      taxCents: row.taxCents,
      ...(row.reason !== undefined && { exemptionReason: row.reason }),
      ...(row.vatex !== undefined && { exemptionCode: row.vatex }),
    }));
  // Before issue 51: one rate, and the order's tax as printed.
  const taxable = lines.reduce((sum, line) => sum + line.netAmountCents, 0);
  return [
    {
      category: lines[0]?.category ?? 'S',
      ratePercent: s.taxRatePercent,
      taxableCents: taxable,
      taxCents: s.taxCents,
    },
  ];
}

const day = (iso: string) => iso.slice(0, 10);

export interface IssuedDocument {
  number: string;
  issuedAt: string;
}

/** The EN 16931 model of an issued invoice, or of a credit note with its invoice's number. */
export function eInvoiceOf(
  document: IssuedDocument,
  snapshot: InvoiceSnapshot | CreditNoteSnapshot,
  context: EInvoiceContext,
): EInvoice {
  const credit = 'invoiceNumber' in snapshot;
  const s = snapshot;
  const missing: string[] = [];
  const sellerAddress = parseAddress(s.seller.address, context.sellerCountry);
  // A billing address that names no country is taken to be where the goods went.
  // An order placed without a country decision keeps an empty one.
  const shipTo = s.shipToCountry || undefined;
  const deliveryAddress = parseAddress(s.buyer.deliveryAddress, shipTo);
  // Neither names one (a shop that asks for no country, its tax not decided by country): the
  // sale is taken to be at home, in the seller's country, as EN 16931 needs one (BR-11).
  const buyerAddress = parseAddress(
    s.buyer.billingAddress,
    shipTo ?? deliveryAddress.countryCode ?? sellerAddress.countryCode,
  );
  if (!sellerAddress.countryCode) missing.push("the seller's country");
  if (!buyerAddress.countryCode) missing.push("the buyer's country");
  if (!s.seller.vatId && !s.seller.taxId) missing.push("the seller's VAT ID or tax number");
  const lines = linesOf(s);
  const taxBreakdown = breakdownOf(s, lines);
  const lineNetCents = lines.reduce((sum, line) => sum + line.netAmountCents, 0);
  const taxCents = taxBreakdown.reduce((sum, row) => sum + row.taxCents, 0);
  const taxInclusiveCents = lineNetCents + taxCents;
  // The amount charged (or credited) is the snapshot's total; a cent of difference between
  // the order's rounding and the lines' is the rounding amount.
  const roundingCents = s.totalCents - taxInclusiveCents;
  // A card order was paid when ordered, and its credit refunded to the card; an invoice on terms
  // is paid (and its credit settled) by transfer.
  const byCard = !s.terms;
  const paidCents = byCard ? s.totalCents : credit ? 0 : (context.paidCents ?? 0);
  const bank = bankAccount(s.terms?.bankDetails);
  const payment: PaymentMeans = byCard
    ? {
        code: 'ZZZ',
        information: credit ? 'Refunded to the card paid with' : 'Paid by card when ordered',
      }
    : {
        code: bank.iban ? '58' : '30',
        ...(bank.iban && { iban: bank.iban }),
        ...(bank.bic && { bic: bank.bic }),
        accountName: bank.name ?? s.seller.name,
        remittance: credit ? snapshot.invoiceNumber : document.number,
      };
  const notes = [
    ...taxBreakdown.flatMap((row) =>
      row.ratePercent === 0 && row.exemptionReason ? [row.exemptionReason] : [],
    ),
    ...(credit && snapshot.reason ? [`Reason: ${snapshot.reason}`] : []),
    ...(missing.length
      ? [`The issued record of this document does not hold ${missing.join(', or ')}.`]
      : []),
  ];
  const buyerName = s.buyer.company ?? s.buyer.name;
  return {
    kind: credit ? 'credit-note' : 'invoice',
    number: document.number,
    issueDate: day(document.issuedAt),
    typeCode: credit ? '381' : '380',
    currency: s.currency,
    ...(s.terms && !credit && { dueDate: s.terms.dueDate }),
    paymentTerms: credit
      ? `Credit for invoice ${snapshot.invoiceNumber}`
      : s.terms
        ? `Payable by ${s.terms.dueDate} (${s.terms.paymentTerms.replace('net-', 'net ')} days)`
        : 'Paid by card when ordered',
    buyerReference: context.buyerReference ?? s.poReference ?? s.orderNumber,
    ...(s.poReference && { purchaseOrderReference: s.poReference }),
    salesOrderReference: s.orderNumber,
    ...(credit && { precedingInvoice: { number: snapshot.invoiceNumber } }),
    notes,
    seller: {
      name: s.seller.name,
      address: sellerAddress,
      ...(s.seller.vatId && { vatId: s.seller.vatId }),
      ...(s.seller.taxId && { taxId: s.seller.taxId }),
      ...(s.seller.taxId && !s.seller.vatId && { legalId: s.seller.taxId }),
      ...(context.sellerEmail && { email: context.sellerEmail }),
      contact: {
        name: s.seller.name,
        ...(context.sellerEmail && { email: context.sellerEmail }),
        ...(context.sellerPhone && { phone: context.sellerPhone }),
      },
    },
    buyer: {
      name: buyerName,
      ...(s.buyer.company && s.buyer.name !== s.buyer.company && { tradingName: s.buyer.name }),
      address: buyerAddress,
      ...(s.buyer.vatId && { vatId: s.buyer.vatId }),
      email: s.buyer.email,
    },
    delivery: { address: deliveryAddress },
    period: {
      start: day('paidAt' in s ? s.paidAt : document.issuedAt),
      end: day(document.issuedAt),
    },
    payment,
    lines,
    taxBreakdown,
    totals: {
      lineNetCents,
      taxExclusiveCents: lineNetCents,
      taxCents,
      taxInclusiveCents,
      paidCents,
      roundingCents,
      payableCents: taxInclusiveCents + roundingCents - paidCents,
    },
    missing,
  };
}
