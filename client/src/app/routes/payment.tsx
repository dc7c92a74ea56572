import { PaymentPage } from '@/features/payment/components/payment-page';
import { OrderRoute } from '../order-route';

export function Component() {
  return (
    <OrderRoute title="Payment" message="Order not found.">
      {/* Keyed by order, so a payment's outcome never carries over to another order's page. */}
      {(id, user) => (
        <PaymentPage
          key={id}
          orderId={id}
          payer={{ name: user.displayName ?? '', email: user.email }}
        />
      )}
    </OrderRoute>
  );
}
