import { centsToDollars } from '../../contract/fields.js';
import type { Order } from '../../contract/orders.js';
import type { OrderRecord } from '../../store/store.js';

/**
 * The record as the API shows it: the total in dollars, and only what the spec's screens read.
 * The unit price, payment intent id and timestamps stay on the server. Shared with the payments
 * and admin modules so every order answer has one shape.
 */
export function toOrderWire(record: OrderRecord): Order {
  return {
    _id: record._id,
    toolId: record.toolId,
    name: record.name,
    price: centsToDollars(record.priceCents),
    quantity: record.quantity,
    userName: record.userName,
    userEmail: record.userEmail,
    userPhone: record.userPhone,
    userAddress: record.userAddress,
    isPaid: record.isPaid,
    iscancelled: record.iscancelled,
    ...(record.transactionId !== undefined && { transactionId: record.transactionId }),
    shipped: record.shippedAt !== undefined,
    createdAt: record.createdAt,
  };
}
