import { describeShipments } from '@toolworks/contract/stock-plan';
import { paysOnInvoice, type Order, type OrderStatus } from '@toolworks/contract/orders';
import { formatCount, formatDateTime, formatPrice } from '@/lib/format';
import { ORDER_STATUS_LABELS } from '@/lib/order-status';
import { LineTax } from './order-tax';

const PAID_NOTES: Partial<Record<OrderStatus, string>> = {
  partly_shipped: 'Paid and partly shipped.',
  shipped: 'Paid and shipped.',
  delivered: 'Paid and delivered.',
  refunded: 'Refunded: the payment went back to your card.',
};

export const EXPIRED_NOTE = 'Expired — the reservation ended';

export const AWAITING_APPROVAL_NOTE =
  'Awaiting approval — this order is above your spending limit, so it went to your company’s approvers. We hold the stock meanwhile; you can pay as soon as it is approved.';

const AWAITING_APPROVAL_ON_INVOICE_NOTE =
  'Awaiting approval — this order is above your spending limit, so it went to your company’s approvers. We hold the stock meanwhile; once approved it is confirmed on your company’s payment terms.';

/** Only an unpaid order can still be paid or cancelled. */
export const isOpen = (order: Order) => order.status === 'unpaid';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`order-badge order-badge-${status}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

/** e.g. "Nov 23, 2026, 1:05 PM" in the buyer's own time zone. */

export function OrderLines({ order }: { order: Order }) {
  return (
    <ul className="order-lines" aria-label={`Lines of order ${order.number}`}>
      {order.items.map((line) => (
        <li key={line.toolId}>
          <span>
            {formatCount(line.quantity)} × {line.name}{' '}
            {line.sku ? <span className="order-line-sku">SKU: {line.sku}</span> : null}{' '}
            <span className="muted">
              at {formatPrice(line.unitPrice)}
              {line.priceBasis ? ` per ${formatCount(line.priceBasis)}` : null}
              {line.priceListName ? ` (contract price, ${line.priceListName})` : null}
            </span>
            <LineTax line={line} order={order} />
          </span>
          <span className="order-line-total">{formatPrice(line.lineTotal)}</span>
          {line.shipments ? (
            <span className="order-line-shipping">
              {describeShipments(line.shipments, order.createdAt.slice(0, 10))}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** What the buyer needs to know about the order's state, beside the badge. */
export function OrderStateNote({ order }: { order: Order }) {
  if (order.status === 'expired') return <p className="order-note">{EXPIRED_NOTE}</p>;
  if (order.status === 'awaiting_approval')
    return (
      <p className="order-note">
        {paysOnInvoice(order) ? AWAITING_APPROVAL_ON_INVOICE_NOTE : AWAITING_APPROVAL_NOTE}
      </p>
    );
  if (order.status === 'rejected')
    return (
      <p className="order-note">
        Not approved by your company
        {order.rejectionReason ? <>: “{order.rejectionReason}”</> : null}. The stock was released
        and nothing was charged.
      </p>
    );
  if (order.status === 'unpaid' && order.expiresAt) {
    return (
      <p className="order-note">
        Stock reserved until{' '}
        <time dateTime={order.expiresAt}>{formatDateTime(order.expiresAt)}</time>. Pay before then
        to keep it.
      </p>
    );
  }
  if (paysOnInvoice(order) && !order.isPaid) {
    return (
      <p className="order-note">
        Confirmed on your company&apos;s payment terms: it ships now, the invoice is due later.
      </p>
    );
  }
  if (order.isPaid) {
    return (
      <p className="order-paid-note">
        {PAID_NOTES[order.status] ?? 'Paid.'} Transaction id:{' '}
        <code className="order-transaction">{order.transactionId ?? 'not recorded'}</code>
      </p>
    );
  }
  return null;
}
