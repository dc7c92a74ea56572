import { formatCents } from '@toolworks/contract/format';
import { centsToDollars } from '@toolworks/contract/fields';
import type { InvoiceCardPayment, TermsInvoice } from '@toolworks/contract/invoices';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import type { PaymentGateway, PaymentInfo } from './gateways/index.js';
import type { Store, TermsInvoiceRecord, UserRecord } from '../../store/store.js';
import { balanceOf } from '../../domain/terms.js';
import { toTermsInvoiceWire } from '../invoices/index.js';

export interface InvoiceCardDeps {
  config: Pick<Config, 'payments'>;
  store: Pick<Store, 'invoices' | 'companies' | 'orders'>;
  payments: PaymentGateway;
  logger: Logger;
  now: () => Date;
}

const paymentFailed = (message: string) => new AppError('PAYMENT_FAILED', message, 402);
const notFound = () => AppError.notFound('Invoice not found');
const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * A card payment of an open invoice on terms: its whole balance, through the same gateway as
 * orders (Stripe, or the test gateway). The intent names the invoice in its metadata, so the
 * browser's confirmation and Stripe's webhook both record it against the invoice (once: the
 * gateway's payment id is the payment's reference), never as an order's payment.
 */
export function createInvoiceCardPayments(deps: InvoiceCardDeps) {
  const { store, payments: gateway, logger } = deps;

  /**
   * The invoice, when the caller may pay it: a company-admin of its company, or its order's
   * buyer. Anyone else's answers like a missing one.
   */
  async function payable(caller: UserRecord, number: string): Promise<TermsInvoiceRecord> {
    const invoice = await store.invoices.getOnTerms(number);
    if (!invoice) throw notFound();
    const membership = await store.companies.membershipOf(caller.email);
    if (membership?.company._id === invoice.companyId && membership.member.role === 'company-admin')
      return invoice;
    const order = await store.orders.get(invoice.orderId);
    if (order?.userEmail !== caller.email.toLowerCase()) throw notFound();
    return invoice;
  }

  /**
   * Records a succeeded card payment against its invoice: once, and never above the balance (a
   * transfer recorded meanwhile can leave less to pay: then the card payment is given back).
   */
  async function apply(payment: PaymentInfo, by: string): Promise<TermsInvoiceRecord> {
    const number = payment.invoiceNumber;
    if (!number) throw paymentFailed('This payment is not for an invoice');
    if (payment.status === 'processing') throw paymentFailed('The payment is still processing');
    if (payment.status !== 'succeeded') throw paymentFailed('The payment has not succeeded');
    if (payment.currency !== deps.config.payments.currency)
      throw paymentFailed('The payment currency does not match the invoice');
    const now = deps.now();
    const result = await store.invoices.recordPayment(number, {
      amountCents: payment.amountCents,
      method: 'card',
      reference: payment.id,
      receivedOn: today(now),
      recordedAt: now.toISOString(),
      recordedBy: by,
    });
    if (result.outcome === 'RECORDED' || result.outcome === 'ALREADY_RECORDED')
      return result.invoice;
    await gateway.refund(payment.id);
    logger.warn(
      { invoice: number, paymentId: payment.id, outcome: result.outcome },
      'card payment of an invoice refunded: it was more than the balance',
    );
    if (result.outcome === 'NOT_FOUND') throw notFound();
    throw AppError.conflict(
      result.balanceCents === 0
        ? 'This invoice was paid in full meanwhile, so your card payment was refunded'
        : `This invoice's balance is now ${formatCents(result.balanceCents)}, so your card payment was refunded: pay the new balance`,
    );
  }

  const wire = (invoice: TermsInvoiceRecord): TermsInvoice =>
    toTermsInvoiceWire(invoice, today(deps.now()));

  return {
    payable,
    apply,
    /** A payment intent for the invoice's whole balance now. */
    async createIntent(caller: UserRecord, number: string): Promise<InvoiceCardPayment> {
      const invoice = await payable(caller, number);
      const balanceCents = balanceOf(invoice);
      if (balanceCents <= 0) throw AppError.conflict('This invoice is paid in full already');
      // One intent per invoice and amount received so far: a doubled click gets the same one,
      // and a payment recorded meanwhile makes the next intent ask for the new balance.
      const intent = await gateway.createIntent({
        orderId: invoice.orderId,
        invoiceNumber: invoice.number,
        amountCents: balanceCents,
        currency: deps.config.payments.currency,
        idempotencyKey: `invoice-${invoice.number}-${invoice.paidCents}`,
      });
      return { clientSecret: intent.clientSecret, amount: centsToDollars(balanceCents) };
    },
    /** The browser's word that its card payment succeeded, checked with the gateway. */
    async confirm(
      caller: UserRecord,
      number: string,
      transactionId: string,
    ): Promise<TermsInvoice> {
      const invoice = await payable(caller, number);
      const payment = await gateway.retrieve(transactionId);
      if (!payment) throw paymentFailed('No such payment');
      if (payment.invoiceNumber !== invoice.number)
        throw paymentFailed('This payment is not for this invoice');
      return wire(await apply(payment, caller.email.toLowerCase()));
    },
    wire,
  };
}

export type InvoiceCardPayments = ReturnType<typeof createInvoiceCardPayments>;
