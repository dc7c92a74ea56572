import type { AppDeps } from './deps.js';
import { createImageStorage } from './images/index.js';
import { createOutboxSender, smtpTransport, type MailTransport } from './mail/index.js';
import {
  createInvoiceService,
  createReminderSweep,
  isInvoiceReminder,
  renderInvoiceReminder,
} from './modules/invoices/index.js';
import {
  createExpiry,
  createNotifier,
  renderBodySource,
  type ExpireDueOrders,
  type Notifier,
} from './modules/orders/index.js';
import { createPaymentGateway, type PaymentGateway } from './modules/payments/index.js';
import { createQuoteNotifier } from './modules/quotes/index.js';
import { createVatChecks } from './modules/tax/index.js';
import type { TestClock } from './modules/test-clock/index.js';

/**
 * What the shop is built from: `AppDeps`, and the parts a test or `startServer` may give instead
 * of the ones built here.
 */
export interface ShopInput extends AppDeps {
  /** The card gateway; by default the one the config selects (Stripe, else the test gateway). */
  payments?: PaymentGateway;
  /** Queues the order emails; by default the one built here, which the expiry also uses. */
  notifier?: Notifier;
  /** Ends due reservations; by default the one built here, which start.ts's sweep runs. */
  expire?: ExpireDueOrders;
  /** With TEST_CLOCK: the clock behind `now`, which POST /api/test/clock moves. */
  testClock?: TestClock;
}

/**
 * The shop's dependencies, each built once: what `createApp` serves and what `startServer` runs
 * beside it (the expiry and reminder sweeps, the mail sender). Tests pass their own parts (a
 * fake gateway, a moved clock) in `AppDeps`; what they leave out is built here as in production.
 */
export function compose(given: ShopInput) {
  const { config, store, logger } = given;
  // One clock for every route and email: the test clock's when there is one.
  const now = given.now ?? given.testClock?.now ?? (() => new Date());
  // The test gateway keeps its intents in the store, so every instance sees them.
  const payments = given.payments ?? createPaymentGateway(config, store);
  // One notifier for the routes and the expiry sweep: both queue the same order emails.
  const notifier = given.notifier ?? createNotifier({ store, config, logger, now });
  const expire =
    given.expire ??
    createExpiry({
      store,
      payments,
      logger,
      now,
      notifier,
      approvalWindowDays: config.orders.approvalWindowDays,
    });
  return {
    ...given,
    now,
    payments,
    notifier,
    expire,
    images: given.images ?? createImageStorage(config),
    quoteNotifier: createQuoteNotifier({ store, config, logger, now }),
    /** Queues the due and overdue invoice reminders not yet sent; answers how many. */
    reminders: createReminderSweep({ store, now }),
    /** Companies' VAT IDs due a VIES check (new, retried after a fault, monthly). */
    vatChecks: createVatChecks({ store, config, logger, now }),
  };
}

export type ShopParts = ReturnType<typeof compose>;

/**
 * The background sender for this process, or undefined without SMTP_URL (messages then wait in
 * the outbox for an instance that has one). The invoice or credit note PDF is drawn at send
 * time from its stored snapshot, and an order's email from the order's snapshot.
 */
export function createMailSender(deps: {
  store: AppDeps['store'];
  config: AppDeps['config'];
  logger: AppDeps['logger'];
  transport?: MailTransport;
  workerId?: string;
  /** The app's clock (a test clock in the browser journeys), which also dates the queued mail. */
  now?: () => Date;
}) {
  const { store, config, logger } = deps;
  const url = config.mail.smtpUrl;
  if (!deps.transport && !url) return undefined;
  const invoices = createInvoiceService({
    store,
    config,
    logger,
    ...(deps.now && { now: deps.now }),
  });
  return createOutboxSender({
    store,
    config,
    logger,
    transport: deps.transport ?? smtpTransport(url as string, config.mail.concurrency),
    ...(deps.workerId && { workerId: deps.workerId }),
    ...(deps.now && { now: deps.now }),
    renderBody: (source, shopUrl) =>
      isInvoiceReminder(source)
        ? renderInvoiceReminder(source, shopUrl)
        : renderBodySource(source, shopUrl),
    // The document's files in the format its company chose, made now.
    attachment: (ref) => invoices.attachment(ref),
  });
}
