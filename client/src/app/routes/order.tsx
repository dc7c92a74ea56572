import { OrderPage } from '@/features/orders/components/order-page';
import { OrderRoute } from '../order-route';

export function Component() {
  return (
    <OrderRoute title="Order" message="We couldn't find this order.">
      {(id, user) => <OrderPage key={id} orderId={id} email={user.email} />}
    </OrderRoute>
  );
}
