// The invoices module's public face: its routes; the documents (invoice and credit note PDFs,
// drawn from their stored snapshots) the mail sender attaches; the overdue reminder sweep
// start.ts runs and the words of its emails, which the sender makes at send time; the terms rules
// that placing and approving an order on invoice apply; and the wire shape of an invoice on terms
// (the payments module answers one after a card payment).
import type { Store } from '../../store/store.js';
import { createTermsInvoicesService } from './terms-invoices.service.js';

export { invoicesRouter } from './invoices.router.js';
export { failedDocumentsRouter } from './failed-documents.router.js';
export { createInvoiceService, type InvoiceService } from './invoice-service.js';
export { toTermsInvoiceWire } from './terms-invoices.service.js';
export { isInvoiceReminder, renderInvoiceReminder } from './invoice-reminder.js';
export {
  creditLimitExceeded,
  payOnInvoiceFor,
  notOnTerms,
  type PayOnInvoiceDeps,
} from './pay-on-invoice.js';

/** Queues the due and overdue reminders (due date, +7, +14 days) not yet sent; answers how many. */
export function createReminderSweep(deps: {
  store: Pick<Store, 'invoices' | 'companies' | 'refunds' | 'creditNotes'>;
  now: () => Date;
}) {
  const service = createTermsInvoicesService(deps);
  return () => service.sendReminders();
}
