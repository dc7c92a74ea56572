import type { Filter } from 'mongodb';
import type { OrderFilter } from '../store.js';
import { escapeRegex } from './ids.js';
import type { OrderDoc } from './order-docs.js';

/**
 * The admin's order filter as a query. The search text is escaped, so `.*` or `(` in it are
 * literal, and matched case-insensitively against the number as shown (`TW-100123`), the
 * buyer's email and every line's tool name. Status and dates use the indexes created at
 * start-up ({ status, createdAt }, { createdAt }); the text is a scan of what they leave, as on
 * SQLite.
 */
export function orderFilter(query: OrderFilter): Filter<OrderDoc> {
  const filter: Filter<OrderDoc> = {};
  if (query.status) filter.status = query.status;
  if (query.placedFrom || query.placedBefore) {
    filter.createdAt = {
      ...(query.placedFrom && { $gte: new Date(query.placedFrom) }),
      ...(query.placedBefore && { $lt: new Date(query.placedBefore) }),
    };
  }
  const text = query.search?.trim();
  if (text) {
    const regex = escapeRegex(text);
    filter.$or = [
      { userEmail: { $regex: regex, $options: 'i' } },
      { 'items.name': { $regex: regex, $options: 'i' } },
      {
        $expr: {
          $regexMatch: {
            input: { $concat: ['TW-', { $toString: '$number' }] },
            regex,
            options: 'i',
          },
        },
      },
    ];
  }
  return filter;
}
