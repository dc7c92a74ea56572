import type { ReturnStatus } from '@toolworks/contract/returns';
import type { RefundLine } from './refunds.js';

/**
 * Returns (RMA, issue 53): which lines a buyer may send back, and how a return moves. "Delivered"
 * is read from the order here only, so that per-shipment delivery can replace it in one place.
 */

export type { ReturnStatus };

/** The status each step starts from: one conditional update each, so a double click acts once. */
export const RETURN_STEPS = {
  approve: { from: 'requested', to: 'approved' },
  decline: { from: 'requested', to: 'declined' },
  receive: { from: 'approved', to: 'received' },
  refund: { from: 'received', to: 'refunded' },
} as const satisfies Record<string, { from: ReturnStatus; to: ReturnStatus }>;
export type ReturnStep = keyof typeof RETURN_STEPS;

/** What the rule needs of the order. */
export interface ReturnableOrder {
  status: string;
  deliveredAt?: string;
  items: readonly RefundLine[];
}

export type ReturnDecision =
  | { ok: true }
  | { ok: false; reason: 'NOT_DELIVERED' | 'WINDOW_CLOSED'; message: string }
  | { ok: false; reason: 'TOO_MANY'; message: string; toolId: string; leftQuantity: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a return may be requested: `days` after delivery. */
export const returnDeadline = (deliveredAt: string, days: number) =>
  new Date(new Date(deliveredAt).getTime() + days * DAY_MS);

/**
 * A return may be asked for the delivered units of an order, within `days` of its delivery, of
 * at most what was delivered less what other returns (not declined) already asked back.
 */
export function returnDecision(input: {
  order: ReturnableOrder;
  /** Units per tool already asked back by returns that were not declined. */
  alreadyReturned: ReadonlyMap<string, number>;
  lines: readonly RefundLine[];
  now: Date;
  days: number;
}): ReturnDecision {
  const { order } = input;
  if (order.status !== 'delivered' || !order.deliveredAt)
    return {
      ok: false,
      reason: 'NOT_DELIVERED',
      message: 'Only a delivered order can be returned',
    };
  const deadline = returnDeadline(order.deliveredAt, input.days);
  if (input.now.getTime() > deadline.getTime())
    return {
      ok: false,
      reason: 'WINDOW_CLOSED',
      message: `Returns are accepted within ${input.days} days of delivery; this window closed on ${deadline.toISOString().slice(0, 10)}`,
    };
  const asked = new Map<string, number>();
  for (const line of input.lines)
    asked.set(line.toolId, (asked.get(line.toolId) ?? 0) + line.quantity);
  for (const [toolId, quantity] of asked) {
    const delivered = order.items
      .filter((l) => l.toolId === toolId)
      .reduce((sum, l) => sum + l.quantity, 0);
    const left = delivered - (input.alreadyReturned.get(toolId) ?? 0);
    if (quantity > left)
      return {
        ok: false,
        reason: 'TOO_MANY',
        toolId,
        leftQuantity: Math.max(0, left),
        message:
          delivered === 0
            ? 'That tool is not on this order'
            : `Only ${Math.max(0, left)} of that tool can still be returned`,
      };
  }
  return { ok: true };
}
