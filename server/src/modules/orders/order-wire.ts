import { centsToDollars } from '@toolworks/contract/fields';
import { paysOnInvoice, type Order } from '@toolworks/contract/orders';
import { shipmentsOf } from '@toolworks/contract/availability';
import { isUnitCode } from '@toolworks/contract/units';
import { PAYABLE_STATUSES, SHIPPED_STATUSES, UNSPENT_STATUSES } from '../../domain/order-status.js';
import type { OrderRecord } from '../../store/store.js';
import { quoteNumber } from '@toolworks/contract/quotes';
import { trackingUrl } from '../../lib/carriers.js';
import type { OrderTax } from '@toolworks/contract/tax';
import { breakdownWire } from '../tax/index.js';
import { shipmentFields } from './shipment-wire.js';

/** `TW-100042`: the number a buyer quotes on the phone. */
export const orderNumber = (n: number) => `TW-${n}`;

/** What the buyer sees of shipping and refunds; the restock flag stays with the admin. */
function fulfilmentFields(record: OrderRecord): Partial<Order> {
  const url = trackingUrl(record.carrier, record.trackingNumber);
  return {
    ...(record.shippedAt !== undefined && { shippedAt: record.shippedAt }),
    ...(record.carrier !== undefined && { carrier: record.carrier }),
    ...(record.trackingNumber !== undefined && { trackingNumber: record.trackingNumber }),
    ...(url !== undefined && { trackingUrl: url }),
    ...(record.deliveredAt !== undefined && { deliveredAt: record.deliveredAt }),
    ...(record.refundedAt !== undefined && { refundedAt: record.refundedAt }),
    ...(record.refundId !== undefined && { refundId: record.refundId }),
    ...(record.refundReason !== undefined && { refundReason: record.refundReason }),
  };
}

/** Where the order went and its tax per category and rate, as placed. */
function orderTaxWire(record: OrderRecord): OrderTax | undefined {
  const { tax } = record;
  if (!tax) return undefined;
  return {
    shipToCountry: tax.shipToCountry,
    ...(tax.shipToState !== undefined && { shipToState: tax.shipToState }),
    ...(tax.buyerVatId !== undefined && { buyerVatId: tax.buyerVatId }),
    pricesIncludeTax: tax.pricesIncludeTax,
    breakdown: breakdownWire(
      record.items.flatMap((line) =>
        line.tax ? [{ ...line.tax, amountCents: line.lineTotalCents }] : [],
      ),
      tax.pricesIncludeTax,
    ),
    tax: centsToDollars(tax.cents),
  };
}

/** The company of a member's order and an approver's decision on it. */
function approvalFields(record: OrderRecord): Partial<Order> {
  return {
    ...(record.companyId !== undefined && { companyId: record.companyId }),
    ...(record.approvedBy !== undefined && { approvedBy: record.approvedBy }),
    ...(record.approvedAt !== undefined && { approvedAt: record.approvedAt }),
    ...(record.rejectedBy !== undefined && { rejectedBy: record.rejectedBy }),
    ...(record.rejectedAt !== undefined && { rejectedAt: record.rejectedAt }),
    ...(record.rejectionReason !== undefined && { rejectionReason: record.rejectionReason }),
  };
}

/**
 * The record as the API shows it (ORDER-SHAPE): the lines, and the spec's one-line fields, which
 * on a many-line order hold the first tool, "<first name> and N more", the summed quantity and
 * the total in dollars. The payment intent id and timestamps stay on the server. Shared with the
 * payments and admin modules so every order answer has one shape.
 */
export function toOrderWire(record: OrderRecord): Order {
  const [first] = record.items;
  const more = record.items.length - 1;
  const { shipped, ...shipping } = shipmentFields(record);
  return {
    _id: record._id,
    number: orderNumber(record.number),
    status: record.status,
    items: record.items.map((line, index) => ({
      toolId: line.toolId,
      name: line.name,
      ...(line.sku !== undefined && { sku: line.sku }),
      unitPrice: centsToDollars(line.unitPriceCents),
      quantity: line.quantity,
      lineTotal: centsToDollars(line.lineTotalCents),
      ...(line.allocations && { shipments: shipmentsOf(line.allocations) }),
      ...(line.priceList && { priceListName: line.priceList.listName }),
      ...(line.unit !== undefined && isUnitCode(line.unit) && { unit: line.unit }),
      ...(line.priceBasis !== undefined && { priceBasis: line.priceBasis }),
      ...(line.tax && {
        tax: {
          ratePercent: line.tax.ratePercent,
          category: line.tax.category,
          ...(line.tax.reason !== undefined && { reason: line.tax.reason }),
          ...(line.tax.vatex !== undefined && { vatex: line.tax.vatex }),
          tax: centsToDollars(line.tax.cents),
        },
      }),
      ...(shipped && { shippedQuantity: shipped[index] ?? 0 }),
    })),
    toolId: first?.toolId ?? record.toolId,
    name: more > 0 ? `${first?.name ?? record.name} and ${more} more` : record.name,
    price: centsToDollars(record.priceCents),
    ...(record.tax && { tax: orderTaxWire(record) }),
    quantity: record.quantity,
    userName: record.userName,
    userEmail: record.userEmail,
    userPhone: record.userPhone,
    userAddress: record.userAddress,
    ...(record.poReference !== undefined && { poReference: record.poReference }),
    ...(record.quoteNumber !== undefined && { quoteNumber: quoteNumber(record.quoteNumber) }),
    isPaid: record.isPaid,
    paymentMethod: record.paymentMethod,
    // The wire name before `paymentMethod`, kept for the clients that read it: derived only here.
    ...(paysOnInvoice(record) && { onInvoice: true }),
    // The spec's flag (and its spelling) lives on the wire only; the record keeps the status.
    iscancelled: UNSPENT_STATUSES.includes(record.status),
    ...(record.transactionId !== undefined && { transactionId: record.transactionId }),
    shipped: SHIPPED_STATUSES.includes(record.status),
    ...fulfilmentFields(record),
    // An expired order keeps it too: its payment page says when the reservation ended.
    ...(PAYABLE_STATUSES.includes(record.status) &&
      record.expiresAt && { expiresAt: record.expiresAt }),
    ...approvalFields(record),
    createdAt: record.createdAt,
    ...shipping,
  };
}
