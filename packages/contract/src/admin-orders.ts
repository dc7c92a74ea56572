import { z } from 'zod';
import { blankAsUndefined, pagingQueryFields, searchQuerySchema } from './fields.js';
import { InvoiceStateSchema } from './invoices.js';
import { ORDER_STATUSES, OrderSchema } from './orders.js';

/** GET /orders and GET /orders/export.csv: the admin's view of every order (fulfilment bodies: fulfilment.ts). */

export const ORDER_STATUS_FILTERS = ORDER_STATUSES;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100;

/** An order as the admin sees it: the customer's wire shape plus when it was paid and shipped. */
export const AdminOrderSchema = OrderSchema.extend({
  shipped: z.boolean(),
  paidAt: z.string().optional(),
  shippedAt: z.string().optional(),
  /** On a refunded order: whether the refund put its stock back (refunded before shipping). */
  refundRestocked: z.boolean().optional(),
  /** The order's company (a member's order), else the one in the buyer's profile; GET /orders. */
  companyName: z.string().optional(),
  vatId: z.string().optional(),
  /** An order on invoice: its invoice's state today (GET /orders). */
  invoiceState: InvoiceStateSchema.optional(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderListSchema = z.array(AdminOrderSchema);

// 2026-02-30 is rejected or rolled over by Date, depending on the engine: both are refused.
const isRealDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
};

/** A calendar day as an `<input type="date">` sends it; a real date, not just the shape. */
const dayQuery = (label: string) =>
  z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, {
        error: `${label} must be a date like 2026-01-31`,
        abort: true,
      })
      .refine(isRealDay, `${label} must be a real date`)
      .optional(),
  );

// `status=` (an empty select) means every order. Dates are days of placement, in UTC.
const filterFields = {
  status: z.preprocess(
    blankAsUndefined,
    z
      .enum(ORDER_STATUS_FILTERS, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` })
      .optional(),
  ),
  /**
   * Order number (`TW-100123` or part of it), buyer email, tool name or SKU, PO reference or
   * company name; any case.
   */
  search: searchQuerySchema,
  from: dayQuery('from'),
  to: dayQuery('to'),
};

// Same-shaped strings compare as dates.
const daysInOrder = (query: { from?: string; to?: string }) =>
  query.from === undefined || query.to === undefined || query.from <= query.to;
const DAYS_MESSAGE = 'from must not be after to';

export const ListAllOrdersQuerySchema = z
  .object({
    ...filterFields,
    ...pagingQueryFields(ADMIN_ORDERS_PAGE_SIZE, ADMIN_ORDERS_MAX_PAGE_SIZE),
  })
  .refine(daysInOrder, { message: DAYS_MESSAGE, path: ['from'] });
export type ListAllOrdersQuery = z.infer<typeof ListAllOrdersQuerySchema>;

/** GET /orders/export.csv: the same filters, every matching order (no paging). */
export const ExportOrdersQuerySchema = z
  .object(filterFields)
  .refine(daysInOrder, { message: DAYS_MESSAGE, path: ['from'] });
export type ExportOrdersQuery = z.infer<typeof ExportOrdersQuerySchema>;
