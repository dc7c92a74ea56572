import { formatCents } from '@toolworks/contract/format';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { splitLines } from '../../domain/invoice-snapshot.js';
import type { CompanyRecord, PayOnInvoice, Store, UserRecord } from '../../store/store.js';
import { invoiceParties } from './snapshots.js';

export interface PayOnInvoiceDeps {
  store: Pick<Store, 'companies' | 'profiles'>;
  config: Pick<Config, 'invoice' | 'payments' | 'tax'>;
  now: () => Date;
}

export const notOnTerms = () =>
  AppError.forbidden('Your account cannot pay on invoice: pay by card instead');

export const creditLimitExceeded = (availableCents: number) =>
  new AppError(
    'CREDIT_LIMIT_EXCEEDED',
    `This order is above your company's remaining credit of ${formatCents(availableCents)}: pay by card instead, or settle open invoices first`,
    409,
    { available: availableCents / 100 },
  );

/**
 * "The order proceeds on invoice": what placing (checkout) or confirming (an approved order)
 * an order paid by invoice, on the buyer's company's terms, hands the store. The store judges membership, terms
 * and credit again inside the order's own write; this early look only gives a clear answer to
 * someone who never had terms. The invoice prints the company's name, VAT id and billing
 * address, the terms, the due date and the seller's bank details.
 */
export async function payOnInvoiceFor(
  deps: PayOnInvoiceDeps,
  caller: Pick<UserRecord, 'email'>,
): Promise<{ payOnInvoice: PayOnInvoice; company: CompanyRecord }> {
  const membership = await deps.store.companies.membershipOf(caller.email);
  if (!membership || membership.company.paymentTerms === 'none') throw notOnTerms();
  const { company } = membership;
  const profile = await deps.store.profiles.get(caller.email);
  const parties = invoiceParties(profile, deps.config);
  const billing = splitLines(company.billingAddress);
  return {
    company,
    payOnInvoice: {
      companyId: company._id,
      now: deps.now().toISOString(),
      // The company's name, VAT id and billing address over the profile's.
      parties: {
        ...parties,
        buyer: {
          ...parties.buyer,
          company: company.name,
          ...(company.vatId && { vatId: company.vatId }),
          ...(billing.length && { billingAddress: billing }),
        },
        bankDetails: deps.config.invoice.bankDetails,
      },
    },
  };
}
