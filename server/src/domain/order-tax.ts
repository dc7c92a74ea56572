import type { TaxClass } from '@toolworks/contract/tax';
import {
  decideLineTax,
  type TaxBuyer,
  type TaxRates,
  type TaxRule,
  type TaxSeller,
} from './tax.js';
import { includedTaxCents, lineTaxCents } from './tax-amounts.js';
import type { TaxCategory } from './tax.js';

/**
 * An order's tax (issue 51): each line decided by `decideLineTax`, its tax computed once in
 * integer cents, the lines' taxes summed. With a seller country the shop's prices are net and
 * the tax is added; without one they include `TAX_RATE_PERCENT`, as they always have, and the
 * total the buyer pays does not change.
 */

/** Everything but the line: read by the caller before the order's transaction. */
export interface OrderTaxContext {
  seller: TaxSeller;
  shipTo: { country: string; state?: string };
  buyer: TaxBuyer;
  rates: TaxRates;
  /** The shop's EU distance sales, net cents: this calendar year before the order, and last. */
  euDistanceSales: { yearBeforeCents: number; previousYearCents: number };
}

/** What an order line keeps of its tax. */
export interface LineTax {
  ratePercent: number;
  category: TaxCategory;
  reason?: string;
  vatex?: string;
  rule: TaxRule;
  /** The line's tax: added to a net line, or the part of a line that includes it. */
  cents: number;
}

export interface OrderTax {
  lines: LineTax[];
  /** The sum of the lines' taxes. */
  cents: number;
  /** What the buyer pays: the lines, plus their tax when prices are net. */
  totalCents: number;
  pricesIncludeTax: boolean;
}

/** Prices include the tax only in a shop that set no seller country (one rate for all). */
export const pricesIncludeTax = (seller: TaxSeller) => !seller.country;

export function decideOrderTax(
  lines: readonly { taxClass: TaxClass; lineTotalCents: number }[],
  context: OrderTaxContext,
  date: string,
): OrderTax {
  const included = pricesIncludeTax(context.seller);
  const goodsCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const taxed = lines.map((line): LineTax => {
    const decision = decideLineTax({
      seller: context.seller,
      shipTo: context.shipTo,
      buyer: context.buyer,
      taxClass: line.taxClass,
      date,
      // Only a distance sale reads it; then every line of the order is one.
      euDistanceSales: { ...context.euDistanceSales, orderCents: goodsCents },
      rates: context.rates,
    });
    const cents = included
      ? includedTaxCents(line.lineTotalCents, decision.ratePercent)
      : lineTaxCents(line.lineTotalCents, decision.ratePercent);
    return { ...decision, cents };
  });
  const cents = taxed.reduce((sum, line) => sum + line.cents, 0);
  return {
    lines: taxed,
    cents,
    totalCents: included ? goodsCents : goodsCents + cents,
    pricesIncludeTax: included,
  };
}

/** The rules under which a line is a sale to an EU consumer in another member state. */
export const EU_DISTANCE_SALE_RULES: readonly TaxRule[] = [
  'eu-distance-sale-origin',
  'eu-distance-sale-oss',
];

/** An order's tax as placed: the lines' taxes summed, where it went, to whom. */
export interface PlacedOrderTax {
  cents: number;
  /** The lines include their tax (a shop without a seller country), else it was added. */
  pricesIncludeTax: boolean;
  shipToCountry: string;
  shipToState?: string;
  /** The buyer's VAT ID as it stood, printed on an intra-Community invoice. */
  buyerVatId?: string;
}

/** What the order keeps of its tax (both adapters write it); none without a context. */
export function placedOrderTax(
  context: OrderTaxContext | undefined,
  planned: { cents: number; pricesIncludeTax: boolean } | undefined,
): PlacedOrderTax | undefined {
  if (!context || !planned) return undefined;
  const { shipTo, buyer } = context;
  return {
    ...planned,
    shipToCountry: shipTo.country,
    ...(shipTo.state !== undefined && { shipToState: shipTo.state }),
    ...(buyer.kind === 'business' && buyer.vatId && { buyerVatId: buyer.vatId }),
  };
}
