import type { InvoiceState } from '@toolworks/contract/invoices';
import type { TermsInvoiceRecord } from '../../store/store.js';

/** open, partly paid, paid or overdue (past its due date with a balance) on `day` (`YYYY-MM-DD`). */
export function invoiceState(invoice: TermsInvoiceRecord, day: string): InvoiceState {
  const balance = invoice.totalCents - invoice.paidCents;
  if (balance <= 0) return 'paid';
  if (invoice.dueDate < day) return 'overdue';
  return invoice.paidCents > 0 ? 'partly_paid' : 'open';
}

/** The overdue invoices among these: how many, and the cents still owed on them. */
export function overdueOf(invoices: TermsInvoiceRecord[], day: string) {
  const late = invoices.filter((invoice) => invoiceState(invoice, day) === 'overdue');
  return {
    count: late.length,
    balanceCents: late.reduce((sum, i) => sum + i.totalCents - i.paidCents, 0),
  };
}
