import type { ObjectId } from 'mongodb';
import type { Allocation } from '@toolworks/contract/availability';
import type { PaymentMethod } from '@toolworks/contract/orders';
import type { OrderLineRecord, OrderRecord, OrderStatus, ShipmentRecord } from '../store.js';
import { isPaidStatus } from '../../domain/order-status.js';
import type { AppliedList } from '../../domain/pricing.js';
import { iso } from './ids.js';
import type { LineTax, PlacedOrderTax } from '../../domain/order-tax.js';

export interface OrderLineDoc {
  toolId: ObjectId;
  name: string;
  /**
   * The tool's SKU when the order was placed. Lines placed before SKUs get their tool's at
   * start-up (backfillLineSkus); a deleted tool's keep none, which may be absent or null.
   */
  sku?: string | null;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  /** Where the units come from and when each part ships; absent when all from stock. */
  allocations?: Allocation[];
  /** The price list that set the price when the order was placed; absent: the tool's or a quote's. */
  priceList?: AppliedList;
  /** Issue 50; absent (lines placed before packs, or the defaults): 'C62' and 1. */
  unit?: string;
  priceBasis?: number;
  /** Issue 51: the line's tax as decided when placed; absent on lines placed before. */
  tax?: LineTax;
}

/**
 * The lines are embedded (`items`); the one-line fields stay for readers that predate them:
 * the first line's tool, name and unit price, the summed quantity, the total, and isPaid /
 * iscancelled kept in step with `status` by every write.
 */
export interface OrderDoc {
  _id: ObjectId;
  number: number;
  status: OrderStatus;
  items: OrderLineDoc[];
  toolId: ObjectId;
  name: string;
  unitPriceCents: number;
  priceCents: number;
  /** Issue 51: the order's tax as placed; absent on orders placed before. */
  tax?: PlacedOrderTax;
  quantity: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userAddress: string;
  poReference?: string;
  quoteNumber?: number;
  /** Kept in step with the status, except paid on invoice: true once the invoice is paid in full. */
  isPaid: boolean;
  /** How it is paid: `invoice`, on its company's payment terms, or `card` (migration 8). */
  paymentMethod: PaymentMethod;
  iscancelled: boolean;
  transactionId?: string;
  paymentIntentId?: string;
  paidAt?: Date;
  shippedAt?: Date;
  carrier?: string;
  trackingNumber?: string;
  deliveredAt?: Date;
  refundedAt?: Date;
  refundId?: string;
  refundReason?: string;
  refundRestocked?: boolean;
  cancelledAt?: Date;
  /** Written by every refund and return request (issue 53), so racing ones conflict. */
  refundsAt?: Date;
  returnsAt?: Date;
  expiresAt?: Date;
  companyId?: string;
  approvedBy?: string;
  approvedAt?: Date;
  rejectedBy?: string;
  rejectedAt?: Date;
  rejectionReason?: string;
  createdAt: Date;
  /** Issue 53: its shipments, oldest first (embedded: an order has few). */
  shipments?: ShipmentDoc[];
}

export interface ShipmentDoc {
  _id: ObjectId;
  lines: { toolId: string; quantity: number }[];
  carrier?: string;
  trackingNumber?: string;
  shippedAt: Date;
  deliveredAt?: Date;
  idempotency?: { key: string; fingerprint: string };
}

const toShipment = (doc: ShipmentDoc): ShipmentRecord => ({
  _id: doc._id.toHexString(),
  lines: doc.lines.map((line) => ({ toolId: line.toolId, quantity: line.quantity })),
  ...(doc.carrier != null && { carrier: doc.carrier }),
  ...(doc.trackingNumber != null && { trackingNumber: doc.trackingNumber }),
  shippedAt: iso(doc.shippedAt),
  ...(doc.deliveredAt != null && { deliveredAt: iso(doc.deliveredAt) }),
  ...(doc.idempotency != null && { idempotency: doc.idempotency }),
});

export interface CounterDoc {
  _id: string;
  value: number;
}

const toLine = (line: OrderLineDoc): OrderLineRecord => ({
  toolId: line.toolId.toHexString(),
  name: line.name,
  ...(line.sku != null && { sku: line.sku }),
  unitPriceCents: line.unitPriceCents,
  quantity: line.quantity,
  lineTotalCents: line.lineTotalCents,
  ...(line.allocations !== undefined && { allocations: line.allocations }),
  ...(line.priceList != null && { priceList: line.priceList }),
  ...(line.unit != null && line.unit !== 'C62' && { unit: line.unit }),
  ...(line.priceBasis != null && line.priceBasis !== 1 && { priceBasis: line.priceBasis }),
  ...(line.tax != null && { tax: line.tax }),
});

export function toOrderRecord(doc: OrderDoc): OrderRecord {
  return {
    _id: doc._id.toHexString(),
    number: doc.number,
    status: doc.status,
    items: doc.items.map(toLine),
    toolId: doc.toolId.toHexString(),
    name: doc.name,
    unitPriceCents: doc.unitPriceCents,
    priceCents: doc.priceCents,
    ...(doc.tax != null && { tax: doc.tax }),
    quantity: doc.quantity,
    userName: doc.userName,
    userEmail: doc.userEmail,
    userPhone: doc.userPhone,
    userAddress: doc.userAddress,
    ...(doc.poReference != null && { poReference: doc.poReference }),
    ...(doc.quoteNumber != null && { quoteNumber: doc.quoteNumber }),
    isPaid: doc.paymentMethod === 'invoice' ? doc.isPaid : isPaidStatus(doc.status),
    paymentMethod: doc.paymentMethod,
    ...(doc.transactionId != null && { transactionId: doc.transactionId }),
    ...(doc.paymentIntentId != null && { paymentIntentId: doc.paymentIntentId }),
    ...(doc.paidAt != null && { paidAt: iso(doc.paidAt) }),
    ...(doc.shippedAt != null && { shippedAt: iso(doc.shippedAt) }),
    ...(doc.carrier != null && { carrier: doc.carrier }),
    ...(doc.trackingNumber != null && { trackingNumber: doc.trackingNumber }),
    ...(doc.deliveredAt != null && { deliveredAt: iso(doc.deliveredAt) }),
    ...(doc.refundedAt != null && { refundedAt: iso(doc.refundedAt) }),
    ...(doc.refundId != null && { refundId: doc.refundId }),
    ...(doc.refundReason != null && { refundReason: doc.refundReason }),
    ...(doc.refundRestocked != null && { refundRestocked: doc.refundRestocked }),
    ...(doc.cancelledAt != null && { cancelledAt: iso(doc.cancelledAt) }),
    // Awaiting approval: when the approval window ends (APPROVAL_WINDOW_DAYS).
    ...((doc.status === 'unpaid' ||
      doc.status === 'expired' ||
      doc.status === 'awaiting_approval') &&
      doc.expiresAt != null && { expiresAt: iso(doc.expiresAt) }),
    ...(doc.companyId != null && { companyId: doc.companyId }),
    ...(doc.approvedBy != null && { approvedBy: doc.approvedBy }),
    ...(doc.approvedAt != null && { approvedAt: iso(doc.approvedAt) }),
    ...(doc.rejectedBy != null && { rejectedBy: doc.rejectedBy }),
    ...(doc.rejectedAt != null && { rejectedAt: iso(doc.rejectedAt) }),
    ...(doc.rejectionReason != null && { rejectionReason: doc.rejectionReason }),
    createdAt: iso(doc.createdAt),
    ...(doc.shipments?.length && { shipments: doc.shipments.map(toShipment) }),
  };
}
