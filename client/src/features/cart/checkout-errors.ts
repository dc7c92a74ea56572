import { ApiError } from '@/lib/api-client';

export interface ShortLine {
  toolId: string;
  name: string;
  availableQuantity: number;
}

export type CheckoutProblem =
  | { kind: 'price'; total: number }
  | { kind: 'stock'; lines: ShortLine[]; message: string }
  | { kind: 'credit'; message: string }
  | { kind: 'other'; message: string };

function isShortLine(value: unknown): value is ShortLine {
  const line = value as Partial<ShortLine> | null;
  return typeof line?.name === 'string' && typeof line.availableQuantity === 'number';
}

/** What the buyer must be told about a refused checkout, from the server's error. */
export function toCheckoutProblem(error: Error): CheckoutProblem {
  if (error instanceof ApiError && error.code === 'PRICE_CHANGED') {
    const total = (error.details as { total?: unknown } | undefined)?.total;
    if (typeof total === 'number') return { kind: 'price', total };
  }
  if (error instanceof ApiError && error.code === 'OUT_OF_STOCK') {
    const lines = Array.isArray(error.details) ? error.details.filter(isShortLine) : [];
    return { kind: 'stock', lines, message: error.message };
  }
  if (error instanceof ApiError && error.code === 'CREDIT_LIMIT_EXCEEDED')
    return { kind: 'credit', message: error.message };
  // Everything else (too many unpaid orders, an empty cart, the network) in the server's words.
  return { kind: 'other', message: error.message };
}
