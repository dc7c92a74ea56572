import type { Order } from '@toolworks/contract/orders';
import { AddToList } from '@/features/lists/components/add-to-list';
import { OrderPage } from '@/features/orders/components/order-page';
import { OrderRoute } from '../order-route';

// Module-level, so the page does not re-render for a new function on every render.
const addToList = (order: Order) => (
  <AddToList
    lines={order.items.map(({ toolId, name, quantity }) => ({ toolId, name, quantity }))}
  />
);

export function Component() {
  return (
    <OrderRoute title="Order" message="We couldn't find this order.">
      {(id, user) => <OrderPage key={id} orderId={id} email={user.email} actions={addToList} />}
    </OrderRoute>
  );
}
