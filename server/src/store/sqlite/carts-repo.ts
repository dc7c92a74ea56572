import type Database from 'better-sqlite3';
import type { CartsRepo } from '../store.js';
import { TOOL_JSON_ROW } from './tool-list-sql.js';
import { jsonRowToToolRecord } from './tools-repo.js';
import type { WriteQueue } from './write-queue.js';

/**
 * Cart writes go through the write queue: a buyer fills a cart with a call per line, and each of
 * those was its own commit and fsync, blocking the event loop for every other request (the
 * bench's checkout phase). Now they share the orders' group commits.
 */
export function sqliteCartsRepo(db: Database.Database, queue: WriteQueue): CartsRepo {
  // The join drops lines whose tool is gone (the foreign key cascades too).
  const read = db
    .prepare(
      `SELECT ${TOOL_JSON_ROW}, c.quantity FROM cart_items c
    JOIN tools t ON t.id = c.tool_id WHERE c.user_email = ? ORDER BY c.rowid`,
    )
    .raw();
  const upsert = db.prepare(`INSERT INTO cart_items (user_email, tool_id, quantity, updated_at)
    VALUES (?, ?, ?, ?) ON CONFLICT (user_email, tool_id)
    DO UPDATE SET quantity = excluded.quantity, updated_at = excluded.updated_at`);
  const removeLine = db.prepare('DELETE FROM cart_items WHERE user_email = ? AND tool_id = ?');
  const removeAll = db.prepare('DELETE FROM cart_items WHERE user_email = ?');
  return {
    async get(email) {
      return (read.all(email.toLowerCase()) as [string, number][]).map(([tool, quantity]) => ({
        tool: jsonRowToToolRecord(tool),
        quantity,
      }));
    },
    async set(email, toolId, quantity, now) {
      await queue.run(() => upsert.run(email.toLowerCase(), toolId, quantity, now));
    },
    async remove(email, toolId) {
      await queue.run(() => removeLine.run(email.toLowerCase(), toolId));
    },
    async clear(email) {
      await queue.run(() => removeAll.run(email.toLowerCase()));
    },
  };
}
