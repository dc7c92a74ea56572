import type { OrderStatus, PaymentMethod } from '@toolworks/contract/orders';
import { centsToDollars } from '@toolworks/contract/fields';
import { shipmentsOf, type Allocation, type LineShipment } from '@toolworks/contract/availability';
import type { Id, OrderRecord, Store } from '../store/store.js';
import type { LineTax } from './order-tax.js';

export interface MailOrderLine {
  toolId: string;
  name: string;
  /** The SKU the line was bought under (absent on lines from before SKUs). */
  sku?: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** Present when part of the line was backordered: what ships now and on each promised date. */
  shipments?: LineShipment[];
  /** The unit price is per this many pieces ("$18.90 per 100"); absent: per piece. */
  priceBasis?: number;
  /** Its tax as placed (issue 51), in dollars; absent on lines placed before. */
  tax?: { ratePercent: number; category: string; reason?: string; vatex?: string; tax: number };
}

/**
 * What emails and invoices read from an order: a subset of the `Order` wire type, so
 * `notify(event, toOrderWire(record))` type-checks. Money in dollars, as on the wire.
 */
export interface MailOrder {
  _id: string;
  number: string;
  status: OrderStatus;
  items: MailOrderLine[];
  /** The order total in dollars. */
  price: number;
  /** Where it went and its tax in dollars, as placed (issue 51); absent on older orders. */
  tax?: {
    shipToCountry: string;
    shipToState?: string;
    buyerVatId?: string;
    pricesIncludeTax: boolean;
    tax: number;
  };
  userName: string;
  userEmail: string;
  userAddress: string;
  poReference?: string;
  transactionId?: string;
  expiresAt?: string;
  /** By `invoice`: on its company's payment terms, confirmed with an invoice, never paid by card. */
  paymentMethod: PaymentMethod;
  createdAt: string;
}

/** The cart issue's record fields; absent on the one-line records that came before it. */
type LinedRecord = OrderRecord &
  Partial<{
    number: number | string;
    status: OrderStatus;
    items: {
      toolId: Id;
      name: string;
      sku?: string;
      unitPriceCents: number;
      quantity: number;
      lineTotalCents: number;
      allocations?: Allocation[];
      priceBasis?: number;
      tax?: LineTax;
    }[];
    poReference: string;
    expiresAt: string;
  }>;

function statusOf(record: LinedRecord): OrderStatus {
  if (record.status) return record.status;
  if (record.shippedAt) return 'shipped';
  return record.isPaid ? 'paid' : 'unpaid';
}

/**
 * The record as emails and invoices show it, whichever order model the store has. Once the cart
 * issue's `toOrderWire` returns the new `Order`, this can simply return that.
 */
export function mailOrderFromRecord(record: OrderRecord): MailOrder {
  const r = record as LinedRecord;
  const items: MailOrderLine[] = r.items?.length
    ? r.items.map((line) => ({
        toolId: line.toolId,
        name: line.name,
        ...(line.sku !== undefined && { sku: line.sku }),
        unitPrice: centsToDollars(line.unitPriceCents),
        quantity: line.quantity,
        lineTotal: centsToDollars(line.lineTotalCents),
        ...(line.allocations && { shipments: shipmentsOf(line.allocations) }),
        ...(line.priceBasis !== undefined &&
          line.priceBasis > 1 && { priceBasis: line.priceBasis }),
        ...(line.tax && {
          tax: {
            ratePercent: line.tax.ratePercent,
            category: line.tax.category,
            ...(line.tax.reason !== undefined && { reason: line.tax.reason }),
            ...(line.tax.vatex !== undefined && { vatex: line.tax.vatex }),
            tax: centsToDollars(line.tax.cents),
          },
        }),
      }))
    : [
        {
          toolId: r.toolId,
          name: r.name,
          unitPrice: centsToDollars(r.unitPriceCents),
          quantity: r.quantity,
          lineTotal: centsToDollars(r.priceCents),
        },
      ];
  const number =
    r.number === undefined
      ? `#${r._id.slice(-6).toUpperCase()}`
      : typeof r.number === 'number'
        ? `TW-${r.number}`
        : r.number;
  return {
    _id: r._id,
    number,
    status: statusOf(r),
    items,
    price: centsToDollars(r.priceCents),
    ...(r.tax && {
      tax: {
        shipToCountry: r.tax.shipToCountry,
        ...(r.tax.shipToState !== undefined && { shipToState: r.tax.shipToState }),
        ...(r.tax.buyerVatId !== undefined && { buyerVatId: r.tax.buyerVatId }),
        pricesIncludeTax: r.tax.pricesIncludeTax,
        tax: centsToDollars(r.tax.cents),
      },
    }),
    userName: r.userName,
    userEmail: r.userEmail,
    userAddress: r.userAddress,
    ...(r.poReference && { poReference: r.poReference }),
    ...(r.transactionId && { transactionId: r.transactionId }),
    ...(r.expiresAt && { expiresAt: r.expiresAt }),
    paymentMethod: r.paymentMethod,
    createdAt: r.createdAt,
  };
}

export async function loadMailOrder(
  store: Pick<Store, 'orders'>,
  id: Id,
): Promise<MailOrder | null> {
  const record = await store.orders.get(id);
  return record ? mailOrderFromRecord(record) : null;
}
