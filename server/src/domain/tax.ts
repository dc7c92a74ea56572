import type { TaxClass } from '@toolworks/contract/tax';
import { isEuCountry, type VatRates } from './eu-vat-rates.js';

/**
 * The tax of one order line (issue 51), decided once: checkout, quotes, orders, invoices and the
 * tax reports read this and nothing else. Pure: the caller reads the buyer's VAT ID status, the
 * year's distance sales and the rate tables, and hands them in with the date.
 *
 * Categories are EN 16931's (UNCL5305): S standard, Z zero-rated goods, E exempt, AE reverse
 * charge, K intra-Community supply, G export, O outside the scope of tax. A 0% answer carries its
 * legal reason, and a VATEX code where the EU list has one.
 */

export type TaxCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O';
export type VatIdStatus = 'unchecked' | 'pending' | 'valid' | 'invalid' | 'unavailable';

export interface ResaleCertificate {
  number: string;
  /** US two-letter state the certificate is for. */
  state: string;
  /** `YYYY-MM-DD`, the last day it holds. */
  expiresOn: string;
}

export type TaxBuyer =
  | { kind: 'consumer' }
  | {
      kind: 'business';
      vatId?: string;
      vatIdStatus: VatIdStatus;
      /** An admin checked the ID by other means and said how. */
      manualVerification?: { note: string };
      resaleCertificates?: readonly ResaleCertificate[];
    };

export interface TaxSeller {
  /** ISO 3166 alpha-2; none: the shop keeps its single `TAX_RATE_PERCENT`. */
  country?: string;
  state?: string;
  vatId?: string;
}

export interface TaxRates {
  /** By ISO country: the EU table (eu-vat-rates.ts, as the admin keeps it). */
  eu: Readonly<Record<string, VatRates>>;
  /** The US states where the shop has nexus, with the rate the admin entered. */
  usNexus: Readonly<Record<string, number>>;
  /** `TAX_RATE_PERCENT`: every line's rate when no seller country is set. */
  singleRatePercent: number;
}

export interface TaxLineInput {
  seller: TaxSeller;
  shipTo: { country: string; state?: string };
  buyer: TaxBuyer;
  taxClass: TaxClass;
  /** `YYYY-MM-DD`, the day of the sale. */
  date: string;
  /**
   * The shop's EU cross-border sales to consumers this calendar year, net EUR cents: before this
   * order, and this order's own (its lines that are such sales).
   */
  euDistanceSales: { yearBeforeCents: number; orderCents: number; previousYearCents?: number };
  rates: TaxRates;
}

export type TaxRule =
  | 'single-rate'
  | 'domestic'
  | 'eu-intra-community-supply'
  | 'eu-business-unverified'
  | 'eu-distance-sale-origin'
  | 'eu-distance-sale-oss'
  | 'eu-export'
  | 'us-nexus'
  | 'us-no-nexus'
  | 'us-resale-exemption'
  | 'us-outside'
  | 'export';

export interface TaxDecision {
  ratePercent: number;
  category: TaxCategory;
  reason?: string;
  vatex?: string;
  rule: TaxRule;
}

/**
 * EUR 10,000 a year across the EU (Art. 59c of the VAT Directive). At or below it the seller's
 * rate holds; the sale that takes the year's total above it is taxed where it goes, and so is
 * every later one that year and all of the next.
 */
export const EU_DISTANCE_SALES_THRESHOLD_CENTS = 1_000_000;

const rated = (ratePercent: number, rule: TaxRule): TaxDecision => ({
  ratePercent,
  category: ratePercent === 0 ? 'Z' : 'S',
  rule,
});

function euRate(rates: TaxRates, country: string, taxClass: TaxClass, rule: TaxRule) {
  const row = rates.eu[country];
  if (!row) throw new Error(`No VAT rates for ${country}`);
  return rated(taxClass === 'zero' ? 0 : row[taxClass], rule);
}

const verified = (buyer: TaxBuyer) =>
  buyer.kind === 'business' &&
  Boolean(buyer.vatId) &&
  (buyer.vatIdStatus === 'valid' || buyer.manualVerification !== undefined);

function fromEu(input: TaxLineInput, seller: string): TaxDecision {
  const { shipTo, buyer, taxClass, rates, euDistanceSales } = input;
  if (shipTo.country === seller) return euRate(rates, seller, taxClass, 'domestic');
  if (!isEuCountry(shipTo.country))
    return {
      ratePercent: 0,
      category: 'G',
      reason: 'Export outside the EU',
      vatex: 'VATEX-EU-G',
      rule: 'eu-export',
    };
  if (buyer.kind === 'business') {
    if (verified(buyer))
      return {
        ratePercent: 0,
        category: 'K',
        reason: 'Intra-Community supply',
        vatex: 'VATEX-EU-IC',
        rule: 'eu-intra-community-supply',
      };
    // The exemption's substantive condition is a buyer identified for VAT in another member
    // state; until that is shown the supply is taxed as at home.
    return euRate(rates, seller, taxClass, 'eu-business-unverified');
  }
  const { yearBeforeCents, orderCents, previousYearCents = 0 } = euDistanceSales;
  const overThreshold =
    previousYearCents > EU_DISTANCE_SALES_THRESHOLD_CENTS ||
    yearBeforeCents + orderCents > EU_DISTANCE_SALES_THRESHOLD_CENTS;
  return overThreshold
    ? euRate(rates, shipTo.country, taxClass, 'eu-distance-sale-oss')
    : euRate(rates, seller, taxClass, 'eu-distance-sale-origin');
}

function fromUs(input: TaxLineInput): TaxDecision {
  const { shipTo, buyer, taxClass, date, rates } = input;
  // Sales tax is a US state's; a sale shipped abroad is outside it (O), not an EU export (G).
  if (shipTo.country !== 'US')
    return { ratePercent: 0, category: 'O', reason: 'Shipped outside the US', rule: 'us-outside' };
  const state = shipTo.state ?? '';
  const stateRate = rates.usNexus[state];
  // Without nexus the shop has no duty to collect there: outside the scope of its tax (O).
  if (stateRate === undefined)
    return {
      ratePercent: 0,
      category: 'O',
      reason: `No sales tax nexus in ${state || 'the ship-to state'}`,
      rule: 'us-no-nexus',
    };
  const certificate =
    buyer.kind === 'business'
      ? buyer.resaleCertificates?.find((c) => c.state === state && c.expiresOn >= date)
      : undefined;
  if (certificate)
    return {
      ratePercent: 0,
      category: 'E',
      reason: `Resale exemption certificate ${certificate.number}`,
      rule: 'us-resale-exemption',
    };
  // One rate per state (the admin's): a reduced tool pays it too; only `zero` is exempt.
  return rated(taxClass === 'zero' ? 0 : stateRate, 'us-nexus');
}

export function decideLineTax(input: TaxLineInput): TaxDecision {
  const seller = input.seller.country;
  if (!seller) return rated(input.rates.singleRatePercent, 'single-rate');
  if (isEuCountry(seller)) return fromEu(input, seller);
  if (seller === 'US') return fromUs(input);
  // Elsewhere the shop knows only its own rate: at home it applies, abroad nothing is charged.
  if (input.shipTo.country === seller)
    return rated(input.taxClass === 'zero' ? 0 : input.rates.singleRatePercent, 'domestic');
  return { ratePercent: 0, category: 'G', reason: 'Export', rule: 'export' };
}

const DAY_MS = 86_400_000;

/** Certificates that lapse within `days` of `today` (not those already lapsed), soonest first. */
export function certificatesExpiringSoon<C extends ResaleCertificate>(
  certificates: readonly C[],
  today: string,
  days = 30,
): C[] {
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString();
  return certificates
    .filter((c) => c.expiresOn >= today && c.expiresOn <= last.slice(0, 10))
    .sort((a, b) => a.expiresOn.localeCompare(b.expiresOn));
}
