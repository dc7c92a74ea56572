import type Database from 'better-sqlite3';
import type { PaymentEventsRepo } from '../store.js';

export function sqlitePaymentEventsRepo(db: Database.Database): PaymentEventsRepo {
  // The event id is the primary key, so a replay is detected by the insert itself, atomically.
  const insert = db.prepare(`INSERT INTO payment_events (event_id, type, order_id, received_at)
    VALUES (?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING`);
  return {
    async record(eventId, type, orderId) {
      return insert.run(eventId, type, orderId, new Date().toISOString()).changes === 1;
    },
  };
}
