import type { MyBuying } from '@toolworks/contract/companies';
import { centsToDollars } from '@toolworks/contract/fields';
import type { CompanyMemberRecord, CompanyRecord, Store } from '../../store/store.js';

const dollars = (cents: number | undefined) => (cents === undefined ? null : centsToDollars(cents));

/**
 * A member's own limits, their month's spend and the company's credit left, as the orders and
 * invoices stand: what placing an order judges again (orders-repo `aboveLimit`, terms-invoices'
 * credit check), shown to the buyer before they place one.
 */
export async function buyingOf(
  store: Pick<Store, 'orders' | 'invoices'>,
  company: CompanyRecord,
  member: CompanyMemberRecord,
  now: string,
): Promise<MyBuying> {
  let creditLeft: number | null = null;
  if (company.paymentTerms !== 'none') {
    const invoices = await store.invoices.listOnTerms({ companyId: company._id });
    const owed = invoices.reduce((sum, i) => sum + i.totalCents - i.paidCents, 0);
    creditLeft = centsToDollars(Math.max(0, company.creditLimitCents - owed));
  }
  return {
    spendingLimitPerOrder: dollars(member.spendingLimitPerOrderCents),
    spendingLimitPerMonth: dollars(member.spendingLimitPerMonthCents),
    spentThisMonth: centsToDollars(await store.orders.spentThisMonth(member.email, now)),
    creditLeft,
  };
}
