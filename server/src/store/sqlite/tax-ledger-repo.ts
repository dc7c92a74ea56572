import type Database from 'better-sqlite3';
import { SOLD_STATUSES } from '../../domain/order-status.js';
import type { TaxCategory, TaxRule } from '../../domain/tax.js';
import type { TaxedLineRecord, TaxLedgerRepo } from '../store.js';
import { sqlStatuses } from './order-rows.js';

interface LedgerRow {
  order_id: string;
  number: number;
  created_at: string;
  ship_to_country: string;
  ship_to_state: string | null;
  buyer_vat_id: string | null;
  company_id: string | null;
  prices_include_tax: number;
  line_total_cents: number;
  tax_rate_percent: number;
  tax_category: TaxCategory;
  tax_reason: string | null;
  tax_vatex: string | null;
  tax_rule: TaxRule;
  tax_cents: number;
}

const toRecord = (row: LedgerRow): TaxedLineRecord => ({
  orderId: row.order_id,
  orderNumber: row.number,
  placedAt: row.created_at,
  shipToCountry: row.ship_to_country,
  ...(row.ship_to_state !== null && { shipToState: row.ship_to_state }),
  ...(row.buyer_vat_id !== null && { buyerVatId: row.buyer_vat_id }),
  ...(row.company_id !== null && { companyId: row.company_id }),
  netCents:
    row.prices_include_tax === 1 ? row.line_total_cents - row.tax_cents : row.line_total_cents,
  tax: {
    ratePercent: row.tax_rate_percent,
    category: row.tax_category,
    ...(row.tax_reason !== null && { reason: row.tax_reason }),
    ...(row.tax_vatex !== null && { vatex: row.tax_vatex }),
    rule: row.tax_rule,
    cents: row.tax_cents,
  },
});

export function sqliteTaxLedgerRepo(db: Database.Database): TaxLedgerRepo {
  const sold = `o.status IN ${sqlStatuses(SOLD_STATUSES)} AND o.tax_cents IS NOT NULL
    AND o.created_at >= @from AND o.created_at < @to`;
  // Rules are the domain's constants, passed as JSON: never user input in the SQL.
  const netUnder = db
    .prepare(
      `SELECT coalesce(sum(CASE o.prices_include_tax WHEN 1 THEN l.line_total_cents - l.tax_cents
        ELSE l.line_total_cents END), 0)
      FROM orders o JOIN order_lines l ON l.order_id = o.id
      WHERE ${sold} AND l.tax_rule IN (SELECT value FROM json_each(@rules))`,
    )
    .pluck();
  const lines = db.prepare(`SELECT o.id AS order_id, o.number, o.created_at, o.ship_to_country,
      o.ship_to_state, o.buyer_vat_id, o.company_id, o.prices_include_tax, l.line_total_cents,
      l.tax_rate_percent, l.tax_category, l.tax_reason, l.tax_vatex, l.tax_rule, l.tax_cents
    FROM orders o JOIN order_lines l ON l.order_id = o.id
    WHERE ${sold} AND l.tax_category IS NOT NULL
    ORDER BY o.created_at, o.number, l.line_no`);
  return {
    netCentsUnder: (rules, from, to) =>
      Promise.resolve(netUnder.get({ rules: JSON.stringify(rules), from, to }) as number),
    linesBetween: (from, to) =>
      Promise.resolve((lines.all({ from, to }) as LedgerRow[]).map(toRecord)),
  };
}
