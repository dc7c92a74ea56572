import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { startServer } from '../start.js';
import { openStore } from '../store/index.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp-catcher.js';

let tmp: string;
let catcher: SmtpCatcher;
beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-mail-start-'));
  catcher = await startSmtpCatcher();
});
afterAll(async () => {
  await catcher.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('the server process', () => {
  it('when started with SMTP_URL, then it sends what the outbox holds, and stops cleanly', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      CLIENT_DIST: path.join(tmp, 'dist'),
      SEED_DEMO_DATA: 'false',
      SMTP_URL: catcher.url,
      MAIL_POLL_MS: '100',
    });
    const running = await startServer(config);
    // Another instance (or the orders code) queues a message in the shared store.
    const other = await openStore(config);
    await other.outbox.enqueue(
      {
        kind: 'order-placed',
        to: 'ana@example.com',
        subject: 'Queued elsewhere',
        html: '<p>x</p>',
        text: 'x',
      },
      new Date().toISOString(),
    );
    // Generous, and shared by both waits: in a full parallel run the sender shares two cores with
    // every other test file.
    const deadline = Date.now() + 12_000;
    await vi.waitFor(
      () => expect(catcher.received.map((m) => m.subject)).toEqual(['Queued elsewhere']),
      { timeout: deadline - Date.now(), interval: 50 },
    );
    // The sender marks the message sent once the SMTP server has answered, a moment after the
    // catcher has it: looked for until then.
    const sentCount = async () =>
      (await other.outbox.list({ status: 'sent', offset: 0, limit: 5 })).total;
    await vi.waitFor(async () => expect(await sentCount()).toBe(1), {
      timeout: deadline - Date.now(),
      interval: 50,
    });
    await running.close();
    await other.close();
  });
});
