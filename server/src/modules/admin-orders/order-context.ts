import type { InvoiceState } from '@toolworks/contract/invoices';
import { paysOnInvoice } from '@toolworks/contract/orders';
import { invoiceState } from '../../domain/terms.js';
import type { Id, OrderRecord, Store } from '../../store/store.js';

/** Who an order is for, as a business: its company's name and VAT ID. */
export interface OrderCompany {
  companyName?: string;
  vatId?: string;
}

const given = (companyName?: string, vatId?: string): OrderCompany => ({
  ...(companyName && { companyName }),
  ...(vatId && { vatId }),
});

/**
 * The company of each order, by order id. A company member's order names its company (as it is
 * now); any other buyer may have typed a company and VAT ID into their profile. Each company
 * and profile is read once for the whole page.
 */
export async function companiesOf(
  store: Pick<Store, 'companies' | 'profiles'>,
  orders: readonly OrderRecord[],
): Promise<Map<Id, OrderCompany>> {
  const companyIds = [...new Set(orders.flatMap((order) => order.companyId ?? []))];
  const emails = [...new Set(orders.filter((o) => !o.companyId).map((o) => o.userEmail))];
  const [companies, profiles] = await Promise.all([
    Promise.all(companyIds.map((id) => store.companies.get(id))),
    emails.length ? store.profiles.getMany(emails) : [],
  ]);
  const byCompany = new Map(companies.flatMap((c) => (c ? [[c._id, given(c.name, c.vatId)]] : [])));
  const byEmail = new Map(
    profiles.map((p) => [p.email_address.toLowerCase(), given(p.company_name, p.vat_id)]),
  );
  return new Map(
    orders.map((order) => [
      order._id,
      (order.companyId
        ? byCompany.get(order.companyId)
        : byEmail.get(order.userEmail.toLowerCase())) ?? {},
    ]),
  );
}

/** The state of each order on invoice's invoice on `day` (`YYYY-MM-DD`), by order id. */
export async function invoiceStatesOf(
  store: Pick<Store, 'invoices'>,
  orders: readonly OrderRecord[],
  day: string,
): Promise<Map<Id, InvoiceState>> {
  const states = await Promise.all(
    orders.filter(paysOnInvoice).map(async (order) => {
      const issued = await store.invoices.get(order._id);
      const invoice = issued && (await store.invoices.getOnTerms(issued.number));
      return invoice ? ([[order._id, invoiceState(invoice, day)]] as const) : [];
    }),
  );
  return new Map(states.flat());
}
