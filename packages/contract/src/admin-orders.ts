import { z } from 'zod';
import { blankAsUndefined, idSchema, pagingQueryFields } from './fields.js';
import { ORDER_STATUSES, OrderSchema } from './orders.js';

/** GET /orders and PATCH /order/{id}/ship: the admin's view of every order. */

export const ORDER_STATUS_FILTERS = ORDER_STATUSES;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100;

/** An order as the admin sees it: the customer's wire shape plus when it was paid and shipped. */
export const AdminOrderSchema = OrderSchema.extend({
  shipped: z.boolean(),
  paidAt: z.string().optional(),
  shippedAt: z.string().optional(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderListSchema = z.array(AdminOrderSchema);

// `status=` (an empty select) means every order.
export const ListAllOrdersQuerySchema = z.object({
  status: z.preprocess(
    blankAsUndefined,
    z
      .enum(ORDER_STATUS_FILTERS, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` })
      .optional(),
  ),
  ...pagingQueryFields(ADMIN_ORDERS_PAGE_SIZE, ADMIN_ORDERS_MAX_PAGE_SIZE),
});
export type ListAllOrdersQuery = z.infer<typeof ListAllOrdersQuerySchema>;

export const ShipOrderParamsSchema = z.object({ id: idSchema });
