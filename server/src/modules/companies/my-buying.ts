import type { MyBuying } from '@toolworks/contract/companies';
import { centsToDollars } from '@toolworks/contract/fields';
import { creditLeft as creditLeftOf, owedOn } from '../../domain/terms.js';
import type { CompanyMemberRecord, CompanyRecord, Store } from '../../store/store.js';

const dollars = (cents: number | undefined) => (cents === undefined ? null : centsToDollars(cents));

/**
 * A member's own limits, their month's spend and the company's credit left, as the orders and
 * invoices stand: what placing an order judges again (orders-repo `aboveLimit`, the domain's
 * `termsCheck`), shown to the buyer before they place one.
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
    creditLeft = centsToDollars(creditLeftOf(company.creditLimitCents, owedOn(invoices)));
  }
  return {
    spendingLimitPerOrder: dollars(member.spendingLimitPerOrderCents),
    spendingLimitPerMonth: dollars(member.spendingLimitPerMonthCents),
    spentThisMonth: centsToDollars(await store.orders.spentThisMonth(member.email, now)),
    creditLeft,
  };
}
