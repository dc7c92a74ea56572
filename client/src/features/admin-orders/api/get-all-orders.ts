import type { AdminOrder } from '@toolworks/contract/admin-orders';
import type { OrderStatus } from '@toolworks/contract/orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const MANAGE_ORDERS_PAGE_SIZE = 20;

export interface AllOrdersParams {
  /** Every status of an order (issue 13); the orders branch's server filters by each. */
  status?: OrderStatus;
  page: number;
}

export function getAllOrders({ status, page }: AllOrdersParams, signal?: AbortSignal) {
  return api.getPage<AdminOrder>('/orders', {
    query: { status, page, limit: MANAGE_ORDERS_PAGE_SIZE },
    signal,
  });
}

// Under 'orders' so that placing, cancelling or paying an order anywhere refreshes it.
export const allOrdersQueryKey = (params: AllOrdersParams) => ['orders', 'all', params] as const;

export function useAllOrders(params: AllOrdersParams) {
  return useQuery({
    queryKey: allOrdersQueryKey(params),
    queryFn: ({ signal }) => getAllOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}
