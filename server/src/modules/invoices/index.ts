// The invoices module's public face: the overdue reminder sweep start.ts runs, and the wire
// shape of an invoice on terms (the payments module answers one after a card payment).
import type { Config } from '../../config.js';
import type { Store } from '../../store/store.js';
import { createTermsInvoicesService } from './terms-invoices.service.js';

export { toTermsInvoiceWire } from './terms-invoices.service.js';

/** Queues the due and overdue reminders (due date, +7, +14 days) not yet sent; answers how many. */
export function createReminderSweep(deps: {
  store: Pick<Store, 'invoices' | 'companies'>;
  config: Pick<Config, 'mail'>;
  now: () => Date;
}) {
  const service = createTermsInvoicesService(deps);
  return () => service.sendReminders();
}
