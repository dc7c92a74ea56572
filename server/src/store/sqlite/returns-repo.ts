import type Database from 'better-sqlite3';
import { RETURN_STEPS } from '../../domain/returns.js';
import { newObjectId } from '../object-id.js';
import type { ReceivedLine, ReturnRecord, ReturnsRepo } from '../store.js';
import { sqliteStockMoves } from './stock-moves.js';

interface ReturnRow {
  id: string;
  order_id: string;
  user_email: string;
  status: ReturnRecord['status'];
  reason: string;
  lines: string;
  received: string | null;
  decline_reason: string | null;
  refund_id: string | null;
  requested_at: string;
  updated_at: string;
}

const toReturn = (row: ReturnRow): ReturnRecord => ({
  _id: row.id,
  orderId: row.order_id,
  userEmail: row.user_email,
  status: row.status,
  reason: row.reason,
  lines: JSON.parse(row.lines) as ReturnRecord['lines'],
  ...(row.received !== null && { received: JSON.parse(row.received) as ReceivedLine[] }),
  ...(row.decline_reason !== null && { declineReason: row.decline_reason }),
  ...(row.refund_id !== null && { refundId: row.refund_id }),
  requestedAt: row.requested_at,
  updatedAt: row.updated_at,
});

/**
 * Returns: each request judged in the transaction that writes it (with the order and its other
 * returns read there), each step one conditional UPDATE from the step's status; receiving
 * restocks in the same IMMEDIATE transaction, only when its UPDATE changed the row.
 */
export function sqliteReturnsRepo(db: Database.Database): ReturnsRepo {
  const stock = sqliteStockMoves(db);
  const get = db.prepare('SELECT * FROM returns WHERE id = ?');
  const ofOrder = db.prepare('SELECT * FROM returns WHERE order_id = ? ORDER BY requested_at, id');
  const all = db.prepare('SELECT * FROM returns ORDER BY requested_at DESC, id DESC LIMIT ?');
  const ofStatus = db.prepare(
    'SELECT * FROM returns WHERE status = ? ORDER BY requested_at DESC, id DESC LIMIT ?',
  );
  const order = db.prepare('SELECT status, delivered_at FROM orders WHERE id = ?');
  const orderLines = db.prepare('SELECT tool_id, quantity FROM order_lines WHERE order_id = ?');
  const insert = db.prepare(`INSERT INTO returns (id, order_id, user_email, status, reason,
    lines, requested_at, updated_at) VALUES (?, ?, ?, 'requested', ?, ?, ?, ?)`);
  const step = db.prepare(`UPDATE returns SET status = @to, updated_at = @now,
    decline_reason = coalesce(@declineReason, decline_reason),
    received = coalesce(@received, received), refund_id = coalesce(@refundId, refund_id)
    WHERE id = @id AND status = @from`);

  const request = db.transaction(
    (
      input: Parameters<ReturnsRepo['request']>[0],
      decide: Parameters<ReturnsRepo['request']>[1],
    ) => {
      const found = order.get(input.orderId) as
        { status: string; delivered_at: string | null } | undefined;
      if (!found) return null;
      const items = (orderLines.all(input.orderId) as { tool_id: string; quantity: number }[]).map(
        (l) => ({ toolId: l.tool_id, quantity: l.quantity }),
      );
      const already = new Map<string, number>();
      for (const earlier of (ofOrder.all(input.orderId) as ReturnRow[]).map(toReturn)) {
        if (earlier.status === 'declined') continue;
        for (const l of earlier.lines)
          already.set(l.toolId, (already.get(l.toolId) ?? 0) + l.quantity);
      }
      const decision = decide(
        {
          status: found.status,
          ...(found.delivered_at !== null && { deliveredAt: found.delivered_at }),
          items,
        },
        already,
      );
      if (!decision.ok) return { outcome: 'REFUSED' as const, message: decision.message };
      const id = newObjectId(new Date(input.now).getTime());
      insert.run(
        id,
        input.orderId,
        input.userEmail,
        input.reason,
        JSON.stringify(input.lines),
        input.now,
        input.now,
      );
      return { outcome: 'REQUESTED' as const, request: toReturn(get.get(id) as ReturnRow) };
    },
  );

  const move = db.transaction(
    (id: string, name: keyof typeof RETURN_STEPS, patch: Parameters<ReturnsRepo['step']>[2]) => {
      const { from, to } = RETURN_STEPS[name];
      const changed =
        step.run({
          id,
          from,
          to,
          now: patch.now,
          declineReason: patch.declineReason ?? null,
          received: patch.received ? JSON.stringify(patch.received) : null,
          refundId: patch.refundId ?? null,
        }).changes === 1;
      if (changed && patch.received)
        for (const line of patch.received)
          if (line.disposition === 'restock' && line.quantity > 0) stock.give(line);
      const row = get.get(id) as ReturnRow | undefined;
      return row ? { changed, request: toReturn(row) } : null;
    },
  );

  return {
    async request(input, decide) {
      return request.immediate(input, decide);
    },
    async get(id) {
      const row = get.get(id) as ReturnRow | undefined;
      return row ? toReturn(row) : null;
    },
    async list({ status, limit }) {
      const found = status ? ofStatus.all(status, limit) : all.all(limit);
      return (found as ReturnRow[]).map(toReturn);
    },
    async listByOrder(orderId) {
      return (ofOrder.all(orderId) as ReturnRow[]).map(toReturn);
    },
    async step(id, name, patch) {
      return move.immediate(id, name, patch);
    },
  };
}
