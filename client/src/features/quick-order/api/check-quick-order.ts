import type { QuickOrderCheckInput, QuickOrderReport } from '@toolworks/contract/quick-order';
import { api } from '@/lib/api-client';

// A plain call, not a query hook: the page checks each edit of the box and keeps only the answer
// to the newest one, which a debounced effect does more plainly than a mutation's state.
export function checkQuickOrder(body: QuickOrderCheckInput) {
  return api.post<QuickOrderReport>('/quick-order/check', body);
}
