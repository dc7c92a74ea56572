import { ORDER_STATUSES, type OrderStatus } from '@toolworks/contract/orders';
import { pageFromParam } from '@/components/ui/pagination';

/** Manage Orders' choices; they live in the URL (`?status=&search=&from=&to=&page=`). */
export interface OrderFilters {
  status?: OrderStatus;
  search?: string;
  /** Days of placement, `YYYY-MM-DD`, both included (UTC). */
  from?: string;
  to?: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isStatus = (value: string | null): value is OrderStatus =>
  (ORDER_STATUSES as readonly (string | null)[]).includes(value);
const text = (value: string | null) => value?.trim() || undefined;
// A hand-edited day that is not a date is dropped rather than sent for a 400.
const day = (value: string | null) => (value && DAY.test(value) ? value : undefined);

export function readOrderFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  return {
    status: isStatus(status) ? status : undefined,
    search: text(params.get('search')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: pageFromParam(params.get('page')),
  };
}

/** Only what is set, in a stable order, so equal filters are equal URLs. */
export function orderFiltersToParams(filters: OrderFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.status) params.status = filters.status;
  if (filters.search) params.search = filters.search;
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  if (filters.page > 1) params.page = String(filters.page);
  return params;
}

export const hasFilters = (f: OrderFilters) => Boolean(f.status || f.search || f.from || f.to);
