import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp-catcher.js';
import { createOutboxSender } from './sender.js';
import { smtpTransport } from './transport.js';
import { mailConfig, mailKit, orderIn, silent } from '../test/mail-test-kit.js';

let catcher: SmtpCatcher;
let dir: string;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-mail-'));
});
afterAll(async () => {
  await catcher.close();
  await fs.rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  catcher.received.length = 0;
  catcher.refuse = false;
});

const dbFile = (name: string) => path.join(dir, `${name}.db`);

describe('the outbox sender', () => {
  it('when the SMTP server refuses, then it retries with growing delays and sends once it accepts', async () => {
    const store = openSqliteStore(dbFile('retry'));
    const config = mailConfig(catcher.url, { MAIL_RETRY_BASE_MS: '1000', MAIL_MAX_ATTEMPTS: '5' });
    let clock = Date.parse('2026-05-01T10:00:00.000Z');
    const sender = createOutboxSender({
      store,
      config,
      logger: silent,
      transport: smtpTransport(catcher.url),
      attachment: async () => null,
      now: () => new Date(clock),
    });
    const { message } = await store.outbox.enqueue(
      {
        kind: 'order-placed',
        to: 'ana@example.com',
        subject: 'Hello',
        html: '<p>hi</p>',
        text: 'hi',
      },
      new Date(clock).toISOString(),
    );
    catcher.refuse = true;
    expect(await sender.runOnce()).toEqual({ sent: 0, retry: 1, failed: 0 });
    const first = await store.outbox.get(message._id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first?.lastError).toMatch(/451|Try again later/);
    expect(Date.parse(first!.nextAttemptAt) - clock).toBe(1000);

    clock += 1000;
    expect(await sender.runOnce()).toMatchObject({ retry: 1 });
    const second = await store.outbox.get(message._id);
    expect(Date.parse(second!.nextAttemptAt) - clock).toBe(2000);
    clock += 1999;
    expect(await sender.runOnce()).toEqual({ sent: 0, retry: 0, failed: 0 });

    catcher.refuse = false;
    clock += 1;
    expect(await sender.runOnce()).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(await store.outbox.get(message._id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(catcher.received.map((m) => m.subject)).toEqual(['Hello']);
    await sender.stop();
    await store.close();
  });

  it('when every attempt fails, then the message ends failed with its last error', async () => {
    const store = openSqliteStore(dbFile('give-up'));
    let clock = Date.parse('2026-05-01T10:00:00.000Z');
    const sender = createOutboxSender({
      store,
      config: mailConfig(catcher.url, { MAIL_MAX_ATTEMPTS: '2' }),
      logger: silent,
      transport: smtpTransport(catcher.url),
      attachment: async () => null,
      now: () => new Date(clock),
    });
    await store.outbox.enqueue(
      { kind: 'x', to: 'ana@example.com', subject: 'Nope', html: '', text: 'x' },
      new Date(clock).toISOString(),
    );
    catcher.refuse = true;
    expect(await sender.runOnce()).toMatchObject({ retry: 1 });
    clock += 60_000;
    expect(await sender.runOnce()).toMatchObject({ failed: 1 });
    const failed = await store.outbox.list({ status: 'failed', offset: 0, limit: 5 });
    expect(failed.items).toHaveLength(1);
    expect(failed.items[0]?.lastError).toMatch(/451|Try again later/);
    await sender.stop();
    await store.close();
  });

  it('when two instances share one store, then each message is sent exactly once', async () => {
    const file = dbFile('shared');
    const one = openSqliteStore(file);
    const two = openSqliteStore(file);
    const config = mailConfig(catcher.url);
    const a = mailKit(one, config, 'instance-a');
    const b = mailKit(two, config, 'instance-b');
    for (let i = 0; i < 12; i++) {
      const order = await orderIn(one);
      await a.notifier.notify(i % 2 ? 'placed' : 'cancelled', a.view(order));
    }
    const drain = async (sender: typeof a.sender) => {
      let sent = 0;
      for (;;) {
        const pass = await sender.runOnce();
        if (!pass.sent && !pass.retry) return sent;
        sent += pass.sent;
      }
    };
    const [sentA, sentB] = await Promise.all([drain(a.sender), drain(b.sender)]);
    expect(sentA + sentB).toBe(12);
    expect(catcher.received).toHaveLength(12);
    expect(new Set(catcher.received.map((m) => m.messageId)).size).toBe(12);
    await Promise.all([a.sender.stop(), b.sender.stop()]);
    await one.close();
    await two.close();
  });

  it('when the process restarts before sending, then the queued mail is sent after reopening', async () => {
    const file = dbFile('restart');
    const config = mailConfig(catcher.url);
    const before = openSqliteStore(file);
    const order = await orderIn(before, { paid: true });
    const { notifier, view } = mailKit(before, config);
    await notifier.notify('paid', view(order), { paidAt: order.paidAt });
    const number = (await before.invoices.get(order._id))?.number;
    await before.close();

    const after = openSqliteStore(file);
    const { sender } = mailKit(after, config);
    expect(await sender.runOnce()).toMatchObject({ sent: 2 });
    await sender.stop();
    expect(await after.invoices.get(order._id)).toMatchObject({ number });
    const buyer = catcher.received.find((m) => m.attachments.length === 1);
    expect(buyer?.attachments[0]?.filename).toBe(`${number}.pdf`);
    await after.close();
  });
});
