import { randomUUID } from 'node:crypto';
import type { Config } from '../config.js';
import type { Logger } from '../lib/logger.js';
import type {
  OutboxAttachmentRef,
  OutboxBodySource,
  OutboxMessage,
  Store,
} from '../store/store.js';
import type { MailTransport, OutgoingMail } from './transport.js';

type Attachment = NonNullable<OutgoingMail['attachments']>[number];

export interface SenderDeps {
  store: Pick<Store, 'outbox'>;
  transport: MailTransport;
  config: Pick<Config, 'mail'>;
  logger: Logger;
  /**
   * Makes an attachment at send time (from the document's snapshot): one file, or several (an
   * e-invoice's XML beside its PDF); null: not available.
   */
  attachment(ref: OutboxAttachmentRef): Promise<Attachment | Attachment[] | null>;
  /**
   * Makes a body kept as its source (a feature's snapshot, e.g. an order's) at send time; throws
   * on a source it cannot read. Without it, such a message fails as any failed send.
   */
  renderBody?: (source: OutboxBodySource, shopUrl: string) => { html: string; text: string };
  workerId?: string;
  now?: () => Date;
  batchSize?: number;
  /** How long a claim holds; longer than one send can take (the SMTP timeouts are 10-30 s). */
  leaseMs?: number;
}

const MAX_BACKOFF_MS = 6 * 3600_000;

/** The delay before the next try after `attempts` failed ones: base, 2 x base, 4 x base, ... */
export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/**
 * Sends what the outbox holds. Any number of senders (processes, instances) may share a store:
 * each message is leased to one of them by an atomic claim, and settled only by its holder.
 */
export function createOutboxSender(deps: SenderDeps) {
  const { store, transport, config, logger } = deps;
  const workerId = deps.workerId ?? randomUUID();
  const now = deps.now ?? (() => new Date());
  const concurrency = config.mail.concurrency;
  const batchSize = deps.batchSize ?? Math.max(10, 2 * concurrency);
  const leaseMs = deps.leaseMs ?? 120_000;
  const renderBody =
    deps.renderBody ??
    ((source: OutboxBodySource) => {
      throw new Error(`no renderer for email template ${source.template}`);
    });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopping = false;

  async function sendOne(message: OutboxMessage): Promise<'sent' | 'retry' | 'failed'> {
    try {
      const attachments: Attachment[] = [];
      for (const ref of message.attachments) {
        const made = await deps.attachment(ref);
        if (!made)
          throw new Error(`attachment ${ref.kind} for order ${ref.orderId} is not available`);
        attachments.push(...[made].flat());
      }
      // A body kept as its source (an order's snapshot) is made now, from what was written.
      const body = message.bodySource
        ? renderBody(message.bodySource, config.mail.shopUrl)
        : message;
      await transport.send({
        from: config.mail.from,
        to: message.to,
        subject: message.subject,
        html: body.html,
        text: body.text,
        ...(attachments.length && { attachments }),
      });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const giveUp = message.attempts >= config.mail.maxAttempts;
      const retryAt = giveUp
        ? null
        : new Date(
            now().getTime() + backoffMs(message.attempts, config.mail.retryBaseMs),
          ).toISOString();
      await store.outbox.markFailed(message._id, workerId, error, retryAt);
      logger[giveUp ? 'error' : 'warn'](
        { messageId: message._id, kind: message.kind, attempts: message.attempts, error },
        giveUp ? 'email failed for good' : 'email not sent; will retry',
      );
      return giveUp ? 'failed' : 'retry';
    }
    // Outside the try: once the server has the mail, a hiccup here must not send it again.
    await store.outbox.markSent(message._id, workerId, now().toISOString());
    return 'sent';
  }

  /**
   * One pass: claims up to a batch of what is due, highest priority first, and sends it over
   * `concurrency` lanes. Resolves to what happened, for tests and logs.
   */
  async function runOnce() {
    const result = { sent: 0, retry: 0, failed: 0 };
    const claimed = await store.outbox.claim(workerId, now().toISOString(), leaseMs, batchSize);
    let next = 0;
    const lane = async () => {
      for (let message = claimed[next++]; message; message = claimed[next++])
        result[await sendOne(message)]++;
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, lane));
    return result;
  }

  /**
   * Passes back to back while each finds a full batch, so a backlog drains at the SMTP server's
   * pace rather than one batch per poll; small batches keep a newly queued invitation a batch
   * away from going out, whatever the backlog behind it.
   */
  async function drain() {
    for (;;) {
      const pass = await runOnce();
      if (stopping || pass.sent + pass.retry + pass.failed < batchSize) return;
    }
  }

  function tick() {
    // No overlapping passes: a slow SMTP server just delays the next one.
    if (running) return;
    running = drain()
      .catch((err: unknown) => logger.error({ err }, 'outbox pass failed'))
      .finally(() => (running = undefined));
  }

  return {
    workerId,
    runOnce,
    start() {
      if (timer) return;
      stopping = false;
      timer = setInterval(tick, config.mail.pollMs);
      timer.unref();
      tick();
    },
    /** Stops polling and waits for a pass in progress, so the store can close after it. */
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      transport.close();
    },
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
