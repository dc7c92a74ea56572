import type { Order } from '@contract/orders';
import { buildOrder as buildBaseOrder, nextId } from '@/testing/factories';

/** Test data for the payment feature's tests. */

export const payer = { name: 'Casey Jones', email: 'casey@example.com' };

export function buildOrder(overrides: Partial<Order> = {}): Order {
  return buildBaseOrder({
    _id: nextId(),
    number: 'TW-100001',
    status: 'unpaid',
    items: [
      { toolId: 'tool', name: 'Bench Vise', unitPrice: 8.23, quantity: 150, lineTotal: 1234.5 },
    ],
    toolId: nextId(),
    name: 'Bench Vise',
    price: 1234.5,
    quantity: 150,
    userName: payer.name,
    userEmail: payer.email,
    userPhone: '+1 555 0100',
    userAddress: '12 Forge Lane, Sheffield',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

export const orderPath = (order: Order) => `/api/order/${order._id}`;
