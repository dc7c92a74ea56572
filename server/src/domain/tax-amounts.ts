import type { TaxCategory } from './tax.js';

/**
 * The one rounding rule of tax amounts (issue 51): the tax is computed once per order line in
 * integer cents, rounded half away from zero (half up for a sale, its mirror for a credit), and
 * the lines' taxes are summed; a total is never taxed again. Rates may have decimals (8.875%):
 * they are taken in thousandths of a percent so the arithmetic stays in integers.
 */

const thousandths = (ratePercent: number) => Math.round(ratePercent * 1000);

const mirrored = (cents: number, positive: (abs: number) => number) =>
  cents < 0 ? -positive(-cents) : positive(cents);

/** The tax on a net amount: 1,000 cents at 8.875% is 88.75, so 89. */
export function lineTaxCents(netCents: number, ratePercent: number): number {
  const rate = thousandths(ratePercent);
  return mirrored(netCents, (abs) => Math.floor((abs * rate + 50_000) / 100_000));
}

/**
 * The tax inside an amount that includes it, as the shop has always printed it (its prices are
 * what the buyer pays): gross x rate / (100 + rate), rounded.
 */
export function includedTaxCents(grossCents: number, ratePercent: number): number {
  return mirrored(grossCents, (abs) => Math.round((abs * ratePercent) / (100 + ratePercent)));
}

export interface TaxedLine {
  /** The line's amount: net, or including its tax when `pricesIncludeTax`. */
  amountCents: number;
  ratePercent: number;
  category: TaxCategory;
  reason?: string;
  vatex?: string;
}

export interface TaxBreakdownRow {
  category: TaxCategory;
  ratePercent: number;
  reason?: string;
  vatex?: string;
  taxableCents: number;
  taxCents: number;
}

/** One row per category and rate (as EN 16931 wants), in category then rate order. */
export function taxBreakdown(
  lines: readonly TaxedLine[],
  { pricesIncludeTax }: { pricesIncludeTax: boolean },
): TaxBreakdownRow[] {
  const rows = new Map<string, TaxBreakdownRow>();
  for (const line of lines) {
    const tax = pricesIncludeTax
      ? includedTaxCents(line.amountCents, line.ratePercent)
      : lineTaxCents(line.amountCents, line.ratePercent);
    const taxable = pricesIncludeTax ? line.amountCents - tax : line.amountCents;
    const key = `${line.category} ${line.ratePercent}`;
    const row = rows.get(key);
    if (row) {
      row.taxableCents += taxable;
      row.taxCents += tax;
      continue;
    }
    rows.set(key, {
      category: line.category,
      ratePercent: line.ratePercent,
      ...(line.reason !== undefined && { reason: line.reason }),
      ...(line.vatex !== undefined && { vatex: line.vatex }),
      taxableCents: taxable,
      taxCents: tax,
    });
  }
  return [...rows.values()].sort(
    (a, b) => a.category.localeCompare(b.category) || a.ratePercent - b.ratePercent,
  );
}
