import type Database from 'better-sqlite3';
import { reviewIsVerified } from '../../domain/order-status.js';
import type { OrderStatus } from '../store.js';

/**
 * Whether the buyer's review of the tool counts as verified (`reviewIsVerified`), from the
 * statuses of their orders holding it; inside a caller's transaction when it has one.
 */
export function verifyingOrderCheck(db: Database.Database) {
  const statuses = db
    .prepare(
      `SELECT DISTINCT o.status FROM orders o JOIN order_lines l ON l.order_id = o.id
    WHERE o.user_email = ? AND l.tool_id = ?`,
    )
    .pluck();
  return (email: string, toolId: string) =>
    reviewIsVerified(statuses.all(email, toolId) as OrderStatus[]);
}

/**
 * Brings the buyer's reviews of these tools in line with their orders, inside the caller's
 * transaction (a payment or a refund): a review is verified while a kept order holds its tool,
 * and only a visible, verified review counts in the tool's rating. Most buyers have no review
 * of what they buy, so the usual cost is one indexed look-up per line.
 */
export function reviewVerification(db: Database.Database) {
  const reviewOf = db
    .prepare('SELECT 1 FROM reviews WHERE author_email = ? AND tool_id = ?')
    .pluck();
  const verifies = verifyingOrderCheck(db);
  const flip = db.prepare(`UPDATE reviews SET verified = @verified
    WHERE author_email = @email AND tool_id = @toolId AND verified <> @verified
    RETURNING ratings, hidden`);
  const addRating = db.prepare(`UPDATE tools SET rating_sum = rating_sum + ?,
    rating_count = rating_count + ? WHERE id = ?`);
  return (email: string, toolIds: readonly string[]): void => {
    for (const toolId of new Set(toolIds)) {
      if (!reviewOf.get(email, toolId)) continue;
      const verified = verifies(email, toolId) ? 1 : 0;
      const sign = verified ? 1 : -1;
      for (const row of flip.all({ verified, email, toolId }) as {
        ratings: number;
        hidden: number;
      }[])
        if (!row.hidden) addRating.run(sign * row.ratings, sign, toolId);
    }
  };
}
