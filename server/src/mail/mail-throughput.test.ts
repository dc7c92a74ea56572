import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';
import type { Store } from '../store/store.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp-catcher.js';
import { mailConfig, silent } from '../test/mail-test-kit.js';
import { createCompanyMailer } from '../modules/companies/company-mail.js';
import { createOutboxSender } from './sender.js';
import { smtpTransport, type MailTransport } from './transport.js';

let catcher: SmtpCatcher;
let dir: string;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-mail-rate-'));
});
afterAll(async () => {
  await catcher.close();
  await fs.rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  catcher.received.length = 0;
});

const T0 = Date.parse('2026-05-01T10:00:00.000Z');

/** `count` order emails queued a minute before now, as a busy morning leaves them. */
async function orderBacklog(store: Store, count: number) {
  for (let i = 0; i < count; i++)
    await store.outbox.enqueue(
      {
        kind: 'order-placed',
        to: `buyer${i}@example.com`,
        subject: `Order ${i}`,
        html: '<p>thanks</p>',
        text: 'thanks',
      },
      new Date(T0 - 60_000 + i).toISOString(),
    );
}

/** The real SMTP transport, counting how many emails are on their way at once. */
function countingTransport(url: string, connections: number) {
  const smtp = smtpTransport(url, connections);
  const seen = { now: 0, most: 0 };
  const transport: MailTransport = {
    async send(mail) {
      seen.now++;
      seen.most = Math.max(seen.most, seen.now);
      try {
        await smtp.send(mail);
      } finally {
        seen.now--;
      }
    },
    close: () => smtp.close(),
  };
  return { transport, seen };
}

describe('the outbox sender under a backlog', () => {
  it('when order mail is waiting and an invitation is queued after it, then the invitation goes out in the next pass', async () => {
    const store = openSqliteStore(path.join(dir, 'priority.db'));
    const config = mailConfig(catcher.url);
    await orderBacklog(store, 30);
    await createCompanyMailer({ store, config, logger: silent, now: () => new Date(T0) })({
      kind: 'company-invitation',
      id: 'inv-1',
      to: 'colleague@example.com',
      companyName: 'Acme Fixings',
      role: 'Buyer',
      invitedBy: 'Ana',
      token: 'a'.repeat(43),
      expiresAt: new Date(T0 + 14 * 86_400_000).toISOString(),
    });
    const sender = createOutboxSender({
      store,
      config,
      logger: silent,
      transport: smtpTransport(catcher.url, config.mail.concurrency),
      attachment: async () => null,
      now: () => new Date(T0),
    });
    const pass = await sender.runOnce();
    expect(pass.sent).toBeLessThan(31);
    expect(catcher.received.map((m) => m.subject)).toContain(
      'You are invited to a trade account on Toolworks',
    );
    await sender.stop();
    await store.close();
  });

  it('when many emails are due, then MAIL_CONCURRENCY of them are on their way at once and one start drains them all', async () => {
    const store = openSqliteStore(path.join(dir, 'parallel.db'));
    const config = mailConfig(catcher.url, { MAIL_CONCURRENCY: '4', MAIL_POLL_MS: '600000' });
    await orderBacklog(store, 40);
    const { transport, seen } = countingTransport(catcher.url, 4);
    const sender = createOutboxSender({
      store,
      config,
      logger: silent,
      transport,
      attachment: async () => null,
      now: () => new Date(T0),
    });
    // With a 10-minute poll, only passes that follow each other send all 40 after one start.
    sender.start();
    await vi.waitFor(() => expect(catcher.received).toHaveLength(40), { timeout: 15_000 });
    await sender.stop();
    expect(seen.most).toBe(4);
    expect((await store.outbox.list({ status: 'sent', offset: 0, limit: 1 })).total).toBe(40);
    await store.close();
  });
});
