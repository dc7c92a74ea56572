import type { Collection, Filter } from 'mongodb';
import type { ProfileDoc } from './profiles-repo.js';
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
export async function orderFilter(
  query: OrderFilter,
  profiles: Collection<ProfileDoc>,
): Promise<Filter<OrderDoc>> {
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
    // The company lives in the buyer's profile: the matching buyers first, then their orders.
    const companies = await profiles
      .find(
        { company_name: { $regex: regex, $options: 'i' } },
        { projection: { email_address: 1 } },
      )
      .toArray();
    filter.$or = [
      { userEmail: { $regex: regex, $options: 'i' } },
      { 'items.name': { $regex: regex, $options: 'i' } },
      { poReference: { $regex: regex, $options: 'i' } },
      ...(companies.length
        ? [{ userEmail: { $in: companies.map((profile) => profile.email_address) } }]
        : []),
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
