import type { Quote } from '@toolworks/contract/quotes';
import { AppError } from '../../lib/app-error.js';
import type { Store, UserRecord } from '../../store/store.js';
import { toQuoteWire } from './quote-wire.js';

/**
 * GET /company/quotes: a company member's view of the company's quotes, by role. Company-admins
 * and approvers (who see and approve every order of the company) see every current member's
 * quotes; a buyer sees their own, as in "My quotes". Newest first. A quote belongs to the person
 * who asked for it: one who leaves the company takes theirs along.
 */
export async function companyQuotes(
  store: Pick<Store, 'quotes' | 'companies'>,
  caller: UserRecord,
  now: Date,
): Promise<Quote[]> {
  const membership = await store.companies.membershipOf(caller.email);
  if (!membership) throw AppError.forbidden('You are not a member of a company');
  const emails =
    membership.member.role === 'buyer'
      ? [caller.email.toLowerCase()]
      : (await store.companies.members(membership.company._id)).map((m) => m.email);
  const quotes = (await Promise.all(emails.map((email) => store.quotes.listByEmail(email)))).flat();
  return quotes
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.number - a.number)
    .map((quote) => toQuoteWire(quote, now));
}
