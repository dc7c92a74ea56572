import type { Order } from '@toolworks/contract/orders';

/** Test data for the payment feature's tests. */

export const payer = { name: 'Casey Jones', email: 'casey@example.com' };

export const orderPath = (order: Order) => `/api/order/${order._id}`;
