import { csvRow, type CsvCell } from '../../lib/csv.js';
import type { EcSalesListRow, OssRow, SalesTaxRow } from '../../domain/tax-reports.js';

/**
 * The reports as CSV (lib/csv.ts: RFC 4180, formula-safe cells), amounts as decimals with two
 * places in the shop's currency, as the other exports write them. The sums are of sales only
 * (never negative), so no amount starts with the minus a spreadsheet would read as a formula.
 */
const money = (cents: number) => (cents / 100).toFixed(2);

// A byte-order mark, so spreadsheets read the file as UTF-8 (as the orders export does).
const csv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]) =>
  `\uFEFF${csvRow(header)}${rows.map(csvRow).join('')}`;

export const ecSalesListCsv = (rows: readonly EcSalesListRow[]) =>
  csv(
    ['Country code', 'VAT number', 'Total value of supplies'],
    rows.map((r) => [r.country, r.vatNumber, money(r.netCents)]),
  );

export const ossCsv = (rows: readonly OssRow[]) =>
  csv(
    ['Member state of consumption', 'VAT rate', 'Taxable amount', 'VAT amount', 'Orders'],
    rows.map((r) => [r.country, r.ratePercent, money(r.netCents), money(r.vatCents), r.orders]),
  );

export const salesTaxCsv = (rows: readonly SalesTaxRow[]) =>
  csv(
    ['State', 'Taxable sales', 'Exempt sales', 'Sales without nexus', 'Sales tax', 'Orders'],
    rows.map((r) => [
      r.state,
      money(r.taxableCents),
      money(r.exemptCents),
      money(r.nonNexusCents),
      money(r.taxCents),
      r.orders,
    ]),
  );
