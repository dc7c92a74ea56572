import type Database from 'better-sqlite3';
import { KEPT_STATUSES } from '../../domain/order-status.js';
import { unshippedLines, unshippedQuantities } from '../../domain/shipments.js';
import type { FulfilmentResult, OrderRecord, OrdersRepo, RefundInput } from '../store.js';
import { orderReader, type OrderRow } from './order-rows.js';
import { refundRows } from './refunds-repo.js';
import { sqliteStockMoves } from './stock-moves.js';

type FulfilmentMethods = Pick<OrdersRepo, 'markDelivered' | 'markRefunded'>;

/**
 * Shipping, delivery and refunds: each one conditional UPDATE with the status it starts from
 * as its precondition, so two admins (or an admin and Stripe's webhook) racing on one order
 * change it once. The refund's restock runs in the same IMMEDIATE transaction as its update.
 */
export function sqliteOrderFulfilment(
  db: Database.Database,
  verifyReviews: (email: string, toolIds: readonly string[]) => void,
): FulfilmentMethods {
  const reader = orderReader(db);
  const getOne = db.prepare('SELECT * FROM orders WHERE id = ?');
  const deliver = db.prepare(`UPDATE orders SET status = 'delivered', delivered_at = ?
    WHERE id = ? AND status = 'shipped'`);
  const refund = db.prepare(`UPDATE orders SET status = 'refunded', refunded_at = @now,
    refund_id = @refundId, refund_reason = @reason, refund_restocked = @restock
    WHERE id = @id AND status = @from`);
  const stock = sqliteStockMoves(db);
  const refunds = refundRows(db);
  const gatewayRefundSeen = db.prepare('SELECT 1 FROM refunds WHERE gateway_refund_id = ?').pluck();

  const getSync = (id: string): OrderRecord | null => {
    const row = getOne.get(id) as OrderRow | undefined;
    return row ? reader.one(row) : null;
  };

  const refundTx = db.transaction(
    (id: string, input: RefundInput): FulfilmentResult<'REFUNDED'> | null => {
      const order = getSync(id);
      if (!order) return null;
      if (order.status === 'refunded') return { outcome: 'ALREADY', order };
      if (!KEPT_STATUSES.includes(order.status)) return { outcome: 'REFUSED', order };
      // Goods still in the warehouse go back on the shelf (of a partly shipped order, the units
      // not shipped); shipped ones come back (if at all) as a return.
      const restock = order.status === 'paid' || order.status === 'partly_shipped';
      refund.run({
        id,
        from: order.status,
        now: input.now,
        refundId: input.refundId,
        reason: input.reason ?? null,
        restock: restock ? 1 : 0,
      });
      if (restock) for (const line of unshippedLines(order)) stock.give(line);
      // Since issue 53 every refund has its row (and its credit note): this one gives back
      // what is left, all of it when nothing was refunded before.
      const before = refunds.list(id);
      const leftCents = order.priceCents - before.reduce((sum, r) => sum + r.amountCents, 0);
      // A gateway refund is recorded once (its id is unique), whichever order names it.
      if (leftCents > 0 && gatewayRefundSeen.get(input.refundId) === undefined) {
        const given = new Map<string, number>();
        for (const r of before)
          for (const l of r.lines) given.set(l.toolId, (given.get(l.toolId) ?? 0) + l.quantity);
        refunds.insert({
          orderId: id,
          amountCents: leftCents,
          method: 'card',
          ...(input.reason !== undefined && { reason: input.reason }),
          lines: order.items
            .map((l) => ({ toolId: l.toolId, quantity: l.quantity - (given.get(l.toolId) ?? 0) }))
            .filter((l) => l.quantity > 0),
          restock: restock ? unshippedQuantities(order) : [],
          gatewayRefundId: input.refundId,
          baseCents: order.priceCents,
          now: input.now,
          by: 'shop',
        });
      }
      // A refunded purchase no longer vouches for the buyer's reviews of its tools.
      verifyReviews(
        order.userEmail,
        order.items.map((line) => line.toolId),
      );
      return { outcome: 'REFUNDED', order: getSync(id) as OrderRecord };
    },
  );

  return {
    async markDelivered(id, now) {
      const changed = deliver.run(now, id).changes === 1;
      const order = getSync(id);
      if (!order) return null;
      if (changed) return { outcome: 'DELIVERED', order };
      return { outcome: order.status === 'delivered' ? 'ALREADY' : 'REFUSED', order };
    },
    async markRefunded(id, input) {
      return refundTx.immediate(id, input);
    },
  };
}
