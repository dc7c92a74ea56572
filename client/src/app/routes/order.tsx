import { paysOnInvoice, type Order } from '@toolworks/contract/orders';
import type { TermsInvoice } from '@toolworks/contract/invoices';
import { OrderTermsInvoice } from '@/features/invoices/components/order-terms-invoice';
import { AddToList } from '@/features/lists/components/add-to-list';
import { OrderPage } from '@/features/orders/components/order-page';
import { InvoiceCardPayment } from '@/features/payment/components/invoice-card-payment';
import { OrderRefunds } from '@/features/returns/components/order-refunds';
import { useSession } from '@/lib/session';
import { OrderRoute } from '../order-route';

/**
 * An order on payment terms shows its invoice; its buyer may pay the balance by card there
 * (an approver looking at a colleague's order sees the invoice only).
 */
function TermsInvoiceOf({ order }: { order: Order }) {
  const { user } = useSession();
  const isBuyer = !!user && order.userEmail === user.email.toLowerCase();
  const payByCard = (invoice: TermsInvoice, onPaid: (paid: TermsInvoice) => void) => (
    <InvoiceCardPayment
      key={invoice.number}
      number={invoice.number}
      payer={{ name: user?.displayName ?? order.userName, email: order.userEmail }}
      onPaid={onPaid}
    />
  );
  return <OrderTermsInvoice orderId={order._id} {...(isBuyer && { payByCard })} />;
}

// Module-level, so the page does not re-render for a new function on every render.
const actions = (order: Order) => (
  <>
    {paysOnInvoice(order) ? <TermsInvoiceOf order={order} /> : null}
    <OrderRefunds order={order} />
    <AddToList
      lines={order.items.map(({ toolId, name, quantity }) => ({ toolId, name, quantity }))}
    />
  </>
);

export function Component() {
  return (
    <OrderRoute title="Order" message="We couldn't find this order.">
      {(id, user) => <OrderPage key={id} orderId={id} email={user.email} actions={actions} />}
    </OrderRoute>
  );
}
