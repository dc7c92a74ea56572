import type { LineTax } from './order-tax.js';
import { EU_DISTANCE_SALES_THRESHOLD_CENTS, type TaxRule } from './tax.js';
import { vatPrefixOf } from './eu-vat-rates.js';

/**
 * The tax reports and meters (issue 51), summed from the lines the shop sold as each was taxed
 * when placed: what the decision decided is what is reported, never decided again. Money is
 * integer cents throughout; the periods are UTC, as the EU threshold's year is.
 */

/** What a report reads of a sold line (the tax ledger's record has it). */
export interface ReportLine {
  orderId: string;
  shipToCountry: string;
  shipToState?: string;
  buyerVatId?: string;
  netCents: number;
  tax: Pick<LineTax, 'ratePercent' | 'category' | 'rule' | 'cents'>;
}

const bounds = (from: Date, to: Date) => [from.toISOString(), to.toISOString()] as const;

/** `2026-Q4`: [2026-10-01, 2027-01-01) as ISO instants. */
export function quarterBounds(quarter: string) {
  const year = Number(quarter.slice(0, 4));
  const first = (Number(quarter.slice(6)) - 1) * 3;
  return bounds(new Date(Date.UTC(year, first, 1)), new Date(Date.UTC(year, first + 3, 1)));
}

/** `2026-11`: [2026-11-01, 2026-12-01). */
export function monthBounds(month: string) {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5)) - 1;
  return bounds(new Date(Date.UTC(year, index, 1)), new Date(Date.UTC(year, index + 1, 1)));
}

export const yearBounds = (year: number) =>
  bounds(new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1)));

export interface EcSalesListRow {
  /** The VAT ID's prefix, as the list wants it (Greece is `EL`). */
  country: string;
  /** The VAT ID without its prefix. */
  vatNumber: string;
  netCents: number;
}

const compact = (vatId: string) => vatId.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The EC Sales List: intra-Community supplies (category K), one row per buyer VAT ID. A K line
 * always has the buyer's ID (the decision gives K only to a verified one); should one lack it,
 * its row names the ship-to country and no number, so the admin sees it rather than loses it.
 */
export function ecSalesList(lines: readonly ReportLine[]): EcSalesListRow[] {
  const rows = new Map<string, EcSalesListRow>();
  for (const line of lines) {
    if (line.tax.category !== 'K') continue;
    const id = line.buyerVatId ? compact(line.buyerVatId) : '';
    const country = id ? id.slice(0, 2) : vatPrefixOf(line.shipToCountry);
    const vatNumber = id.slice(2);
    const key = `${country} ${vatNumber}`;
    const row = rows.get(key) ?? { country, vatNumber, netCents: 0 };
    row.netCents += line.netCents;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => a.country.localeCompare(b.country) || a.vatNumber.localeCompare(b.vatNumber),
  );
}

export interface OssRow {
  /** The member state of consumption (ISO 3166, as the order's ship-to: Greece is `GR`). */
  country: string;
  ratePercent: number;
  netCents: number;
  vatCents: number;
  orders: number;
}

/** The One-Stop Shop return: sales to EU consumers taxed where they went, per country and rate. */
export function ossReturn(lines: readonly ReportLine[]): OssRow[] {
  const rows = new Map<string, OssRow & { orderIds: Set<string> }>();
  for (const line of lines) {
    if (line.tax.rule !== 'eu-distance-sale-oss') continue;
    const { ratePercent } = line.tax;
    const key = `${line.shipToCountry} ${ratePercent}`;
    const row = rows.get(key) ?? {
      country: line.shipToCountry,
      ratePercent,
      netCents: 0,
      vatCents: 0,
      orders: 0,
      orderIds: new Set<string>(),
    };
    row.netCents += line.netCents;
    row.vatCents += line.tax.cents;
    row.orderIds.add(line.orderId);
    rows.set(key, row);
  }
  return [...rows.values()]
    .map(({ orderIds, ...row }) => ({ ...row, orders: orderIds.size }))
    .sort((a, b) => a.country.localeCompare(b.country) || a.ratePercent - b.ratePercent);
}

/** The rules of a US seller's sales tax decision: only these lines are its report's. */
const US_SALES_TAX_RULES: readonly TaxRule[] = ['us-nexus', 'us-no-nexus', 'us-resale-exemption'];

export interface SalesTaxRow {
  state: string;
  /** Sales the state's rate was charged on. */
  taxableCents: number;
  /** Sales in a nexus state that paid none: a resale certificate (E) or a zero-rated tool (Z). */
  exemptCents: number;
  /** Sales into a state where the shop has no nexus (nothing collected). */
  nonNexusCents: number;
  taxCents: number;
  orders: number;
}

/** A US seller's sales tax per ship-to state: taxable, exempt, without nexus, the tax. */
export function salesTaxReport(lines: readonly ReportLine[]): SalesTaxRow[] {
  const rows = new Map<string, SalesTaxRow & { orderIds: Set<string> }>();
  for (const line of lines) {
    if (line.shipToCountry !== 'US' || !US_SALES_TAX_RULES.includes(line.tax.rule)) continue;
    const state = line.shipToState ?? '';
    const row = rows.get(state) ?? {
      state,
      taxableCents: 0,
      exemptCents: 0,
      nonNexusCents: 0,
      taxCents: 0,
      orders: 0,
      orderIds: new Set<string>(),
    };
    const { rule, ratePercent, category, cents } = line.tax;
    if (rule === 'us-no-nexus') row.nonNexusCents += line.netCents;
    else if (rule === 'us-nexus' && ratePercent > 0) row.taxableCents += line.netCents;
    else if (category === 'E' || category === 'Z') row.exemptCents += line.netCents;
    row.taxCents += cents;
    row.orderIds.add(line.orderId);
    rows.set(state, row);
  }
  return [...rows.values()]
    .map(({ orderIds, ...row }) => ({ ...row, orders: orderIds.size }))
    .sort((a, b) => a.state.localeCompare(b.state));
}

/**
 * The usual economic nexus thresholds: $100,000 of sales or 200 transactions into a state in the
 * calendar year (South Dakota v. Wayfair). States differ: many now count revenue only (California,
 * Texas and New York use other amounts, several dropped the 200 transactions), some count the
 * previous twelve months, and what counts as a sale varies. The meter is a warning, not a ruling.
 */
export const NEXUS_REVENUE_THRESHOLD_CENTS = 10_000_000;
export const NEXUS_ORDERS_THRESHOLD = 200;

export interface NexusMeterRow {
  state: string;
  revenueCents: number;
  orders: number;
  /** Reached, not only passed: the meter warns at the earlier reading. */
  crossedRevenue: boolean;
  crossedOrders: boolean;
  crossed: boolean;
  /** Of the threshold, rounded down (so 100 means reached); above 100 once passed. */
  revenuePercent: number;
  ordersPercent: number;
}

/**
 * The year's sales per US state (any line shipped to a US state, taxed or not: a state counts
 * exempt and untaxed sales toward its threshold), against the usual thresholds; most first.
 */
export function nexusMeter(lines: readonly ReportLine[]): NexusMeterRow[] {
  const states = new Map<string, { revenueCents: number; orderIds: Set<string> }>();
  for (const line of lines) {
    if (line.shipToCountry !== 'US' || !line.shipToState) continue;
    const state = states.get(line.shipToState) ?? { revenueCents: 0, orderIds: new Set() };
    state.revenueCents += line.netCents;
    state.orderIds.add(line.orderId);
    states.set(line.shipToState, state);
  }
  return [...states.entries()]
    .map(([state, { revenueCents, orderIds }]) => {
      const orders = orderIds.size;
      const crossedRevenue = revenueCents >= NEXUS_REVENUE_THRESHOLD_CENTS;
      const crossedOrders = orders >= NEXUS_ORDERS_THRESHOLD;
      return {
        state,
        revenueCents,
        orders,
        crossedRevenue,
        crossedOrders,
        crossed: crossedRevenue || crossedOrders,
        revenuePercent: Math.floor((revenueCents * 100) / NEXUS_REVENUE_THRESHOLD_CENTS),
        ordersPercent: Math.floor((orders * 100) / NEXUS_ORDERS_THRESHOLD),
      };
    })
    .sort((a, b) => b.revenueCents - a.revenueCents || a.state.localeCompare(b.state));
}

export interface EuDistanceSalesMeter {
  year: number;
  thisYearCents: number;
  lastYearCents: number;
  thresholdCents: number;
  /** This year's sales, of the threshold, rounded down. */
  percent: number;
  /** Last year ended above the threshold: the destination's rates apply all this year. */
  overLastYear: boolean;
  /** This year is above it: from the sale that crossed it, destination rates. */
  overThisYear: boolean;
  /** Sales to EU consumers abroad are now taxed at the destination's rate (OSS). */
  over: boolean;
}

/** The EUR 10,000 threshold as the decision reads it (tax.ts): above, not at. */
export function euDistanceSalesMeter(
  year: number,
  thisYearCents: number,
  lastYearCents: number,
): EuDistanceSalesMeter {
  const overLastYear = lastYearCents > EU_DISTANCE_SALES_THRESHOLD_CENTS;
  const overThisYear = thisYearCents > EU_DISTANCE_SALES_THRESHOLD_CENTS;
  return {
    year,
    thisYearCents,
    lastYearCents,
    thresholdCents: EU_DISTANCE_SALES_THRESHOLD_CENTS,
    percent: Math.floor((thisYearCents * 100) / EU_DISTANCE_SALES_THRESHOLD_CENTS),
    overLastYear,
    overThisYear,
    over: overLastYear || overThisYear,
  };
}
