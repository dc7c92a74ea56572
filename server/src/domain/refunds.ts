import type { DocumentLine, InvoiceSnapshot } from '../store/ports/documents.js';
import type { LineTax } from './order-tax.js';
import {
  includedTaxCents,
  lineTaxCents,
  taxBreakdown,
  type TaxBreakdownRow,
} from './tax-amounts.js';
import type { ReportLine } from './tax-reports.js';

/**
 * Partial refunds and credits (issue 53): what is left to give back, and the amounts of a credit
 * note for some of an invoice's lines or for a sum. Pure: the service and the store's
 * transaction call these with what they read.
 */

/** One order line's units given back, by its tool. */
export interface RefundLine {
  toolId: string;
  quantity: number;
}

/** What a credit note prints of money: its lines, their tax per category and rate, its totals. */
export interface CreditAmounts {
  lines: DocumentLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  taxRatePercent: number;
  taxBreakdown?: TaxBreakdownRow[];
}

/** The units of each tool given back so far, over all of an order's refunds. */
export function refundedQuantities(refunds: readonly { lines: readonly RefundLine[] }[]) {
  const done = new Map<string, number>();
  for (const refund of refunds)
    for (const line of refund.lines)
      done.set(line.toolId, (done.get(line.toolId) ?? 0) + line.quantity);
  return done;
}

export type RefundCheck =
  | { ok: true }
  | { ok: false; leftCents: number }
  | { ok: false; toolId: string; leftQuantity: number };

/**
 * Never more than what is left (the paid or invoiced amount less what was refunded or credited),
 * and never more units of a line than it had less those given back already.
 */
export function checkRefund(input: {
  baseCents: number;
  refundedCents: number;
  amountCents: number;
  orderLines: readonly RefundLine[];
  refundedLines: ReadonlyMap<string, number>;
  lines: readonly RefundLine[];
}): RefundCheck {
  for (const line of input.lines) {
    const bought = input.orderLines
      .filter((l) => l.toolId === line.toolId)
      .reduce((sum, l) => sum + l.quantity, 0);
    const left = bought - (input.refundedLines.get(line.toolId) ?? 0);
    if (line.quantity > left) return { ok: false, toolId: line.toolId, leftQuantity: left };
  }
  const leftCents = input.baseCents - input.refundedCents;
  if (input.amountCents > leftCents || input.amountCents <= 0) return { ok: false, leftCents };
  return { ok: true };
}

type Amounts = Pick<
  InvoiceSnapshot,
  'lines' | 'taxRatePercent' | 'taxBreakdown' | 'pricesIncludeTax' | 'totalCents'
>;

/** The totals of credited lines, each line's tax by the one rounding rule (tax-amounts.ts). */
function totalsOf(invoice: Amounts, lines: DocumentLine[]): CreditAmounts {
  const sum = lines.reduce((total, line) => total + line.lineTotalCents, 0);
  if (!invoice.taxBreakdown) {
    // Before issue 51: prices include one rate, as the invoice printed it.
    const taxCents = includedTaxCents(sum, invoice.taxRatePercent);
    return {
      lines,
      subtotalCents: sum - taxCents,
      taxCents,
      totalCents: sum,
      taxRatePercent: invoice.taxRatePercent,
    };
  }
  const pricesIncludeTax = invoice.pricesIncludeTax ?? false;
  const breakdown = taxBreakdown(
    lines.flatMap((line) => (line.tax ? [{ ...line.tax, amountCents: line.lineTotalCents }] : [])),
    { pricesIncludeTax },
  );
  const taxCents = breakdown.reduce((total, row) => total + row.taxCents, 0);
  return {
    lines,
    subtotalCents: pricesIncludeTax ? sum - taxCents : sum,
    taxCents,
    totalCents: pricesIncludeTax ? sum : sum + taxCents,
    taxRatePercent: Math.max(0, ...breakdown.map((row) => row.ratePercent)),
    taxBreakdown: breakdown,
  };
}

const lineTaxOf = (cents: number, tax: DocumentLine['tax'], pricesIncludeTax: boolean) =>
  tax && {
    ...tax,
    taxCents: pricesIncludeTax
      ? includedTaxCents(cents, tax.ratePercent)
      : lineTaxCents(cents, tax.ratePercent),
  };

/**
 * A credit note for some units of some invoice lines (`picks` by line index): each line its
 * share of the invoiced line, its tax again by the rounding rule.
 */
export function creditForLines(
  invoice: Amounts,
  picks: readonly { index: number; quantity: number }[],
): CreditAmounts {
  const pricesIncludeTax = invoice.pricesIncludeTax ?? false;
  const lines = picks.map(({ index, quantity }) => {
    const line = invoice.lines[index]!;
    const lineTotalCents = Math.round((line.lineTotalCents * quantity) / line.quantity);
    const { shipping: _shipping, ...kept } = line;
    const tax = lineTaxOf(lineTotalCents, line.tax, pricesIncludeTax);
    return { ...kept, quantity, lineTotalCents, ...(tax && { tax }) };
  });
  return totalsOf(invoice, lines);
}

/** Splits `cents` over `weights` in proportion, the rounding cents to the largest remainders. */
export function splitCents(cents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return weights.map((_, i) => (i === 0 ? cents : 0));
  const exact = weights.map((w) => (cents * w) / total);
  const parts = exact.map(Math.floor);
  let rest = cents - parts.reduce((sum, p) => sum + p, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r);
  for (const { i } of order) {
    if (rest <= 0) break;
    parts[i]! += 1;
    rest -= 1;
  }
  return parts;
}

/** The net amount whose tax by the rounding rule brings it to `grossCents`, if one does. */
function netFor(grossCents: number, ratePercent: number): number {
  const guess = Math.round((grossCents * 100) / (100 + ratePercent));
  for (const delta of [0, -1, 1, -2, 2]) {
    const net = guess + delta;
    if (net + lineTaxCents(net, ratePercent) === grossCents) return net;
  }
  return guess;
}

/**
 * A credit note for a sum given back (`amountCents`, tax included): one line "Refund: <reason>"
 * per tax category and rate of the invoice, the sum split in proportion to what each row of the
 * invoice's breakdown charged.
 */
export function creditForSum(invoice: Amounts, amountCents: number, label: string): CreditAmounts {
  const line = (cents: number, tax?: DocumentLine['tax']): DocumentLine => ({
    name: label,
    quantity: 1,
    unitPriceCents: cents,
    lineTotalCents: cents,
    ...(tax && { tax }),
  });
  const rows = invoice.taxBreakdown;
  if (!rows?.length) return totalsOf(invoice, [line(amountCents)]);
  const pricesIncludeTax = invoice.pricesIncludeTax ?? false;
  const shares = splitCents(
    amountCents,
    rows.map((row) => row.taxableCents + row.taxCents),
  );
  const lines = rows.flatMap((row, i) => {
    const share = shares[i]!;
    if (share <= 0) return [];
    const cents = pricesIncludeTax ? share : netFor(share, row.ratePercent);
    const base = {
      ratePercent: row.ratePercent,
      category: row.category,
      ...(row.reason !== undefined && { reason: row.reason }),
      ...(row.vatex !== undefined && { vatex: row.vatex }),
      taxCents: 0,
    };
    return [line(cents, lineTaxOf(cents, base, pricesIncludeTax))];
  });
  return totalsOf(invoice, lines);
}

/** What a tax report needs of an order to take a refund off it (the tax ledger's facts). */
export interface RefundedOrder {
  _id: string;
  items: readonly { toolId: string; quantity: number; lineTotalCents: number; tax?: LineTax }[];
  tax?: {
    pricesIncludeTax: boolean;
    shipToCountry: string;
    shipToState?: string;
    buyerVatId?: string;
  };
}

/**
 * A refund or credit as tax report lines (issue 53), negative, in the period it was issued: the
 * refunded units' share of each line's net and tax, or a sum split over the lines as they were
 * charged. Orders from before per-line tax report nothing, as their sales did not.
 */
export function refundReportLines(
  order: RefundedOrder,
  refund: { amountCents: number; lines: readonly RefundLine[] },
): ReportLine[] {
  const placed = order.tax;
  if (!placed) return [];
  const taxed = order.items.filter((l) => l.tax);
  const gross = (l: (typeof taxed)[number]) =>
    placed.pricesIncludeTax ? l.lineTotalCents : l.lineTotalCents + l.tax!.cents;
  const net = (l: (typeof taxed)[number]) =>
    placed.pricesIncludeTax ? l.lineTotalCents - l.tax!.cents : l.lineTotalCents;
  const parts: { line: (typeof taxed)[number]; netCents: number; taxCents: number }[] = [];
  if (refund.lines.length) {
    for (const back of refund.lines) {
      const line = taxed.find((l) => l.toolId === back.toolId);
      if (!line) continue;
      const share = back.quantity / line.quantity;
      parts.push({
        line,
        netCents: Math.round(net(line) * share),
        taxCents: Math.round(line.tax!.cents * share),
      });
    }
  } else {
    const shares = splitCents(refund.amountCents, taxed.map(gross));
    taxed.forEach((line, i) => {
      const share = shares[i]!;
      const taxCents = gross(line) > 0 ? Math.round((share * line.tax!.cents) / gross(line)) : 0;
      parts.push({ line, netCents: share - taxCents, taxCents });
    });
  }
  return parts
    .filter((p) => p.netCents !== 0 || p.taxCents !== 0)
    .map(({ line, netCents, taxCents }) => ({
      orderId: order._id,
      shipToCountry: placed.shipToCountry,
      ...(placed.shipToState !== undefined && { shipToState: placed.shipToState }),
      ...(placed.buyerVatId !== undefined && { buyerVatId: placed.buyerVatId }),
      netCents: -netCents,
      tax: {
        ratePercent: line.tax!.ratePercent,
        category: line.tax!.category,
        rule: line.tax!.rule,
        cents: -taxCents,
      },
    }));
}
