/** What the shop sold, taxed (issue 51): the EU threshold, the tax reports, the nexus meter. */

import type { LineTax } from '../../domain/order-tax.js';
import type { TaxRule } from '../../domain/tax.js';

/** One order line with its tax, as placed, and its order's where and to whom. */
export interface TaxedLineRecord {
  orderId: string;
  orderNumber: number;
  /** When the order was placed (ISO). */
  placedAt: string;
  shipToCountry: string;
  shipToState?: string;
  buyerVatId?: string;
  companyId?: string;
  /** The line's amount without its tax. */
  netCents: number;
  tax: LineTax;
}

export interface TaxLedgerRepo {
  /**
   * The net cents of lines sold (orders confirmed, paid, shipped or delivered) under these rules
   * and placed in [from, to): the year's EU distance sales are one sum, not a scan.
   */
  netCentsUnder(rules: readonly TaxRule[], from: string, to: string): Promise<number>;
  /** Every taxed line sold and placed in [from, to), oldest first: a report's rows. */
  linesBetween(from: string, to: string): Promise<TaxedLineRecord[]>;
}
