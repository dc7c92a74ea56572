import type Database from 'better-sqlite3';
import type { Allocation } from '@toolworks/contract/availability';
import type { PaymentMethod } from '@toolworks/contract/orders';
import type { OrderLineRecord, OrderRecord, OrderStatus, ShipmentRecord } from '../store.js';
import type { TaxCategory, TaxRule } from '../../domain/tax.js';
import { isPaidStatus } from '../../domain/order-status.js';

/** One of the domain's status sets as an SQL list: constants of our own, never user input. */
export const sqlStatuses = (set: readonly OrderStatus[]) =>
  `(${set.map((status) => `'${status}'`).join(', ')})`;

export interface OrderRow {
  id: string;
  number: number;
  status: OrderStatus;
  tool_id: string;
  name: string;
  unit_price_cents: number;
  price_cents: number;
  quantity: number;
  user_name: string;
  user_email: string;
  user_phone: string;
  user_address: string;
  po_reference: string | null;
  quote_number: number | null;
  transaction_id: string | null;
  payment_intent_id: string | null;
  paid_at: string | null;
  shipped_at: string | null;
  carrier: string | null;
  tracking_number: string | null;
  delivered_at: string | null;
  refunded_at: string | null;
  refund_id: string | null;
  refund_reason: string | null;
  refund_restocked: number | null;
  cancelled_at: string | null;
  expires_at: string | null;
  company_id: string | null;
  approved_by: string | null;
  approved_at: string | null;
  rejected_by: string | null;
  rejected_at: string | null;
  rejection_reason: string | null;
  created_at: string;
  is_paid: number;
  payment_method: PaymentMethod;
  tax_cents: number | null;
  prices_include_tax: number | null;
  ship_to_country: string | null;
  ship_to_state: string | null;
  buyer_vat_id: string | null;
}

export interface LineRow {
  order_id: string;
  line_no: number;
  tool_id: string;
  name: string;
  sku: string | null;
  unit_price_cents: number;
  quantity: number;
  line_total_cents: number;
  allocations: string | null;
  price_list_id: string | null;
  price_list_name: string | null;
  price_list_version_starts_on: string | null;
  unit: string;
  price_basis: number;
  tax_rate_percent: number | null;
  tax_category: TaxCategory | null;
  tax_reason: string | null;
  tax_vatex: string | null;
  tax_rule: TaxRule | null;
  tax_cents: number | null;
}

const toLine = (row: LineRow): OrderLineRecord => ({
  toolId: row.tool_id,
  name: row.name,
  ...(row.sku !== null && { sku: row.sku }),
  unitPriceCents: row.unit_price_cents,
  quantity: row.quantity,
  lineTotalCents: row.line_total_cents,
  ...(row.allocations !== null && { allocations: JSON.parse(row.allocations) as Allocation[] }),
  ...(row.price_list_id !== null && {
    priceList: {
      listId: row.price_list_id,
      listName: row.price_list_name ?? '',
      versionStartsOn: row.price_list_version_starts_on,
    },
  }),
  // The defaults are left out, so lines of ordinary tools read as they always have.
  ...(row.unit !== 'C62' && { unit: row.unit }),
  ...(row.price_basis !== 1 && { priceBasis: row.price_basis }),
  ...(row.tax_category !== null && {
    tax: {
      ratePercent: row.tax_rate_percent ?? 0,
      category: row.tax_category,
      ...(row.tax_reason !== null && { reason: row.tax_reason }),
      ...(row.tax_vatex !== null && { vatex: row.tax_vatex }),
      rule: row.tax_rule ?? 'single-rate',
      cents: row.tax_cents ?? 0,
    },
  }),
});

/** The tax columns of a line as placed: NULL without a decision. */
export const lineTaxColumns = (tax: OrderLineRecord['tax']) => ({
  tax_rate_percent: tax?.ratePercent ?? null,
  tax_category: tax?.category ?? null,
  tax_reason: tax?.reason ?? null,
  tax_vatex: tax?.vatex ?? null,
  tax_rule: tax?.rule ?? null,
  tax_cents: tax?.cents ?? null,
});

/** The tax columns of an order as placed: NULL without a decision. */
export const orderTaxColumns = (tax: OrderRecord['tax']) => ({
  tax_cents: tax?.cents ?? null,
  prices_include_tax: tax ? Number(tax.pricesIncludeTax) : null,
  ship_to_country: tax?.shipToCountry ?? null,
  ship_to_state: tax?.shipToState ?? null,
  buyer_vat_id: tax?.buyerVatId ?? null,
});

export function toOrderRecord(row: OrderRow, items: OrderLineRecord[]): OrderRecord {
  return {
    _id: row.id,
    number: row.number,
    status: row.status,
    items,
    toolId: row.tool_id,
    name: row.name,
    unitPriceCents: row.unit_price_cents,
    priceCents: row.price_cents,
    ...(row.tax_cents !== null && {
      tax: {
        cents: row.tax_cents,
        pricesIncludeTax: row.prices_include_tax === 1,
        shipToCountry: row.ship_to_country ?? '',
        ...(row.ship_to_state !== null && { shipToState: row.ship_to_state }),
        ...(row.buyer_vat_id !== null && { buyerVatId: row.buyer_vat_id }),
      },
    }),
    quantity: row.quantity,
    userName: row.user_name,
    userEmail: row.user_email,
    userPhone: row.user_phone,
    userAddress: row.user_address,
    ...(row.po_reference !== null && { poReference: row.po_reference }),
    ...(row.quote_number !== null && { quoteNumber: row.quote_number }),
    // By invoice the goods may ship before the invoice is paid: its payments decide.
    isPaid: row.payment_method === 'invoice' ? row.is_paid === 1 : isPaidStatus(row.status),
    paymentMethod: row.payment_method,
    ...(row.transaction_id !== null && { transactionId: row.transaction_id }),
    ...(row.payment_intent_id !== null && { paymentIntentId: row.payment_intent_id }),
    ...(row.paid_at !== null && { paidAt: row.paid_at }),
    ...(row.shipped_at !== null && { shippedAt: row.shipped_at }),
    ...(row.carrier != null && { carrier: row.carrier }),
    ...(row.tracking_number != null && { trackingNumber: row.tracking_number }),
    ...(row.delivered_at != null && { deliveredAt: row.delivered_at }),
    ...(row.refunded_at != null && { refundedAt: row.refunded_at }),
    ...(row.refund_id != null && { refundId: row.refund_id }),
    ...(row.refund_reason != null && { refundReason: row.refund_reason }),
    ...(row.refund_restocked != null && { refundRestocked: row.refund_restocked === 1 }),
    ...(row.cancelled_at !== null && { cancelledAt: row.cancelled_at }),
    // Awaiting approval: when the approval window ends (APPROVAL_WINDOW_DAYS).
    ...((row.status === 'unpaid' ||
      row.status === 'expired' ||
      row.status === 'awaiting_approval') &&
      row.expires_at !== null && { expiresAt: row.expires_at }),
    ...(row.company_id != null && { companyId: row.company_id }),
    ...(row.approved_by != null && { approvedBy: row.approved_by }),
    ...(row.approved_at != null && { approvedAt: row.approved_at }),
    ...(row.rejected_by != null && { rejectedBy: row.rejected_by }),
    ...(row.rejected_at != null && { rejectedAt: row.rejected_at }),
    ...(row.rejection_reason != null && { rejectionReason: row.rejection_reason }),
    createdAt: row.created_at,
  };
}

export interface ShipmentRow {
  id: string;
  order_id: string;
  lines: string;
  carrier: string | null;
  tracking_number: string | null;
  shipped_at: string;
  delivered_at: string | null;
  idempotency_key: string | null;
  request_fingerprint: string | null;
}

export const toShipment = (row: ShipmentRow): ShipmentRecord => ({
  _id: row.id,
  lines: JSON.parse(row.lines) as ShipmentRecord['lines'],
  ...(row.carrier !== null && { carrier: row.carrier }),
  ...(row.tracking_number !== null && { trackingNumber: row.tracking_number }),
  shippedAt: row.shipped_at,
  ...(row.delivered_at !== null && { deliveredAt: row.delivered_at }),
  ...(row.idempotency_key !== null && {
    idempotency: { key: row.idempotency_key, fingerprint: row.request_fingerprint ?? '' },
  }),
});

/** The record with its shipments (issue 53), left out when it has none. */
const withShipments = (record: OrderRecord, rows: ShipmentRow[]): OrderRecord =>
  rows.length ? { ...record, shipments: rows.map(toShipment) } : record;

/** Turns order rows into records with their lines, reading all their lines in one query. */
export function orderReader(db: Database.Database) {
  const linesOf = db.prepare('SELECT * FROM order_lines WHERE order_id = ? ORDER BY line_no');
  const linesOfMany = db.prepare(`SELECT * FROM order_lines
    WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY order_id, line_no`);
  const shipmentsOf = db.prepare(
    'SELECT * FROM shipments WHERE order_id = ? ORDER BY shipped_at, rowid',
  );
  const shipmentsOfMany = db.prepare(`SELECT * FROM shipments
    WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY order_id, shipped_at, rowid`);
  return {
    one(row: OrderRow): OrderRecord {
      return withShipments(
        toOrderRecord(row, (linesOf.all(row.id) as LineRow[]).map(toLine)),
        shipmentsOf.all(row.id) as ShipmentRow[],
      );
    },
    /** The record of rows just inserted, from the very values written: no read back. */
    written(row: OrderRow, lines: LineRow[]): OrderRecord {
      return toOrderRecord(row, lines.map(toLine));
    },
    many(rows: OrderRow[]): OrderRecord[] {
      if (rows.length === 0) return [];
      const byOrder = new Map<string, OrderLineRecord[]>();
      const ids = JSON.stringify(rows.map((r) => r.id));
      for (const line of linesOfMany.all(ids) as LineRow[]) {
        const list = byOrder.get(line.order_id) ?? [];
        list.push(toLine(line));
        byOrder.set(line.order_id, list);
      }
      const shipped = new Map<string, ShipmentRow[]>();
      for (const shipment of shipmentsOfMany.all(ids) as ShipmentRow[]) {
        const list = shipped.get(shipment.order_id) ?? [];
        list.push(shipment);
        shipped.set(shipment.order_id, list);
      }
      return rows.map((row) =>
        withShipments(toOrderRecord(row, byOrder.get(row.id) ?? []), shipped.get(row.id) ?? []),
      );
    },
  };
}
