import { centsToDollars } from '../../contract/fields.js';
import type { Order } from '../../contract/orders.js';
import type { OrderRecord } from '../../store/store.js';

/**
 * The record as the API shows it: the total in dollars, and only what the spec's screens read.
 * The unit price, payment intent id and timestamps stay on the server. Shared with the payments
 * and admin modules so every order answer has one shape.
 */
export function toOrderWire(record: OrderRecord): Order {
  // TEMPORARY (branch cartui): the orders branch stores number, status and lines; until it is
  // merged this derives them from the one-line record so the client's contract typechecks.
  // At merge take the orders branch's version of this file.
  const status = record.iscancelled
    ? 'cancelled'
    : record.shippedAt !== undefined
      ? 'shipped'
      : record.isPaid
        ? 'paid'
        : 'unpaid';
  return {
    _id: record._id,
    number: `TW-${record._id.slice(-6)}`,
    status,
    items: [
      {
        toolId: record.toolId,
        name: record.name,
        unitPrice: centsToDollars(record.unitPriceCents),
        quantity: record.quantity,
        lineTotal: centsToDollars(record.priceCents),
      },
    ],
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
