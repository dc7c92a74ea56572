import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OrderFilters } from './order-filters';
import { queryKeys } from '@/lib/query-keys';

export const MANAGE_ORDERS_PAGE_SIZE = 20;

export type AllOrdersParams = OrderFilters;

export function getAllOrders({ page, ...filters }: AllOrdersParams, signal?: AbortSignal) {
  return api.getPage<AdminOrder>('/orders', {
    query: { ...filters, page, limit: MANAGE_ORDERS_PAGE_SIZE },
    signal,
  });
}

export function useAllOrders(params: AllOrdersParams) {
  return useQuery({
    queryKey: queryKeys.orders.everyonePage(params),
    queryFn: ({ signal }) => getAllOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}
