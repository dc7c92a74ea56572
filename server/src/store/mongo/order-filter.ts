import type { Collection, Filter } from 'mongodb';
import type { CompanyDoc } from './companies-repo.js';
import type { ProfileDoc } from './profiles-repo.js';
import type { OrderFilter } from '../store.js';
import { escapeRegex } from './ids.js';
import type { OrderDoc } from './order-docs.js';

/**
 * The admin's order filter as a query. The search text is escaped, so `.*` or `(` in it are
 * literal, and matched case-insensitively against the number as shown (`TW-100123`), the
 * buyer's email, every line's tool name and SKU, the PO reference, the order's company and the
 * company in the buyer's profile. Status and dates use the indexes created at
 * start-up ({ status, createdAt }, { createdAt }); the text is a scan of what they leave, as on
 * SQLite.
 */
export async function orderFilter(
  query: OrderFilter,
  profiles: Collection<ProfileDoc>,
  companies: Collection<CompanyDoc>,
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
    // A company member's order names its company by id: the matching companies first, too.
    const [buyers, named] = await Promise.all([
      profiles
        .find(
          { company_name: { $regex: regex, $options: 'i' } },
          { projection: { email_address: 1 } },
        )
        .toArray(),
      companies
        .find({ name: { $regex: regex, $options: 'i' } }, { projection: { _id: 1 } })
        .toArray(),
    ]);
    filter.$or = [
      { userEmail: { $regex: regex, $options: 'i' } },
      { 'items.name': { $regex: regex, $options: 'i' } },
      { 'items.sku': { $regex: regex, $options: 'i' } },
      { poReference: { $regex: regex, $options: 'i' } },
      ...(buyers.length
        ? [{ userEmail: { $in: buyers.map((profile) => profile.email_address) } }]
        : []),
      ...(named.length
        ? [{ companyId: { $in: named.map((company) => company._id.toHexString()) } }]
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
