import type { Migration } from './migration.js';

/**
 * Issue 23:
 * - One review per buyer and tool. Reviews written twice before this (one paid unit bought five
 *   "Verified buyer" reviews) keep their first; the later copies are deleted, since the unique
 *   index cannot be built over them.
 * - A review is verified while its author holds a paid, shipped or delivered order of the tool:
 *   reviews whose purchase was refunded lose it, and a tool's rating counts only its visible,
 *   verified reviews, recomputed here once (the repos keep it from now on).
 * - users.sessions_valid_from: access tokens issued before it are refused; a removal sets it and
 *   a restore keeps it, so a restore does not revive the sessions of before the removal.
 */
export const honestReviewsSessions: Migration = {
  version: 15,
  name: 'honest-reviews-sessions',
  sql: `
    DELETE FROM reviews WHERE tool_id IS NOT NULL AND id NOT IN (
      SELECT min(id) FROM reviews WHERE tool_id IS NOT NULL GROUP BY author_email, tool_id);
    CREATE UNIQUE INDEX reviews_author_tool ON reviews (author_email, tool_id)
      WHERE tool_id IS NOT NULL;
    UPDATE reviews SET verified = EXISTS (
      SELECT 1 FROM orders o JOIN order_lines l ON l.order_id = o.id
      WHERE o.user_email = reviews.author_email AND l.tool_id = reviews.tool_id
        AND o.status IN ('paid', 'shipped', 'delivered'))
    WHERE tool_id IS NOT NULL;
    UPDATE tools SET
      rating_sum = (SELECT coalesce(sum(ratings), 0) FROM reviews r
        WHERE r.tool_id = tools.id AND r.hidden = 0 AND r.verified = 1),
      rating_count = (SELECT count(*) FROM reviews r
        WHERE r.tool_id = tools.id AND r.hidden = 0 AND r.verified = 1);
    ALTER TABLE users ADD COLUMN sessions_valid_from TEXT;
    UPDATE users SET sessions_valid_from = removed_at WHERE removed_at IS NOT NULL;
  `,
};
