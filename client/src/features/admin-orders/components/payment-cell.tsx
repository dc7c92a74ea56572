import type { AdminOrder } from '@toolworks/contract/admin-orders';
import type { InvoiceState } from '@toolworks/contract/invoices';
import { paysOnInvoice } from '@toolworks/contract/orders';
import { KEPT_STATUSES } from '@toolworks/contract/order-status-sets';
import { DownloadInvoiceButton } from '@/components/ui/download-invoice-button';
import { ORDER_STATUS_LABELS } from '@/lib/order-status';
import { RefundFacts } from './shipping-cell';

// Sold and kept: a refunded order is not refunded twice.
const REFUNDABLE = new Set(KEPT_STATUSES);

const INVOICE_LABELS: Record<InvoiceState, string> = {
  open: 'Invoice open',
  partly_paid: 'Invoice partly paid',
  overdue: 'Invoice overdue',
  paid: 'Invoice paid',
};

const NO_CARD_REFUND = 'Orders on invoice are credited with a credit note, not refunded to a card';

/**
 * How the order is paid for: a card order by its status; an order on invoice by its invoice,
 * whatever its goods are doing (a shipped one may still be unpaid). Before its invoice exists
 * (awaiting approval) it reads as its status.
 */
function PaymentBadge({ order }: { order: AdminOrder }) {
  const [text, tone] = order.invoiceState
    ? [INVOICE_LABELS[order.invoiceState], `invoice-state-${order.invoiceState}`]
    : [ORDER_STATUS_LABELS[order.status], `status-${order.status}`];
  return <span className={`status-badge ${tone}`}>{text}</span>;
}

/** The Payment column: state, transaction, documents and the refund (card orders only). */
export function PaymentCell({
  order,
  onRefund,
  onRefundPart,
}: {
  order: AdminOrder;
  onRefund: (order: AdminOrder) => void;
  /** Issue 53: some units or a sum, to the card or as a credit on the invoice. */
  onRefundPart?: (order: AdminOrder) => void;
}) {
  const refundable = REFUNDABLE.has(order.status);
  const creditable = paysOnInvoice(order) && !!order.invoiceState && order.status !== 'refunded';
  return (
    <>
      <PaymentBadge order={order} />
      {order.transactionId ? (
        <span className="orders-meta">
          Transaction id: <code className="orders-txn">{order.transactionId}</code>
        </span>
      ) : null}
      {order.isPaid || order.invoiceState ? <DownloadInvoiceButton orderId={order._id} /> : null}
      {order.status === 'refunded' ? (
        <>
          <DownloadInvoiceButton orderId={order._id} document="credit-note" />
          <RefundFacts order={order} />
        </>
      ) : null}
      {refundable && paysOnInvoice(order) ? (
        <span className="orders-meta">{NO_CARD_REFUND}</span>
      ) : null}
      {creditable && onRefundPart ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={`Credit order ${order.number} for ${order.userName}`}
          onClick={() => onRefundPart(order)}
        >
          Credit…
        </button>
      ) : null}
      {refundable && !paysOnInvoice(order) && onRefundPart ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={`Refund part of order ${order.number} for ${order.userName}`}
          onClick={() => onRefundPart(order)}
        >
          Refund part…
        </button>
      ) : null}
      {refundable && !paysOnInvoice(order) ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={`Refund order ${order.number} for ${order.userName}`}
          onClick={() => onRefund(order)}
        >
          Refund
        </button>
      ) : null}
    </>
  );
}
