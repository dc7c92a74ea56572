import type { Config } from '../config.js';
import type { Logger } from '../lib/logger.js';
import type { Store } from '../store/store.js';
import { createInvoiceService } from '../invoices/invoice-service.js';
import { createOutboxSender } from './sender.js';
import { smtpTransport, type MailTransport } from './transport.js';

export { createNotifier, type Notifier, type NotifyDetails } from './notify.js';
export type { MailOrder } from './mail-order.js';
export type { MailEvent } from './messages.js';

/**
 * The background sender for this process, or undefined without SMTP_URL (messages then wait in
 * the outbox for an instance that has one). The invoice or credit note PDF is drawn at send
 * time from its stored snapshot.
 */
export function createMailSender(deps: {
  store: Store;
  config: Config;
  logger: Logger;
  transport?: MailTransport;
  workerId?: string;
  /** The app's clock (a test clock in the browser journeys), which also dates the queued mail. */
  now?: () => Date;
}) {
  const { store, config, logger } = deps;
  const url = config.mail.smtpUrl;
  if (!deps.transport && !url) return undefined;
  const invoices = createInvoiceService({ store, config, ...(deps.now && { now: deps.now }) });
  return createOutboxSender({
    store,
    config,
    logger,
    transport: deps.transport ?? smtpTransport(url as string, config.mail.concurrency),
    ...(deps.workerId && { workerId: deps.workerId }),
    ...(deps.now && { now: deps.now }),
    async attachment(ref) {
      const made = await invoices.attachment(ref);
      return made
        ? {
            filename: `${made.number}.pdf`,
            content: made.pdf,
            contentType: 'application/pdf',
          }
        : null;
    },
  });
}
