// The mail sender's rate (issue 48): a backlog of 2,000 order emails in the outbox, sent by the
// built server (SMTP_URL, MAIL_CONCURRENCY at its default) to an SMTP catcher in this process;
// an invitation queued behind them once the sending is under way. Reports sent/s (target >= 50)
// and how long the invitation waited (target < 5 s). `npm run bench` runs it;
// `node scripts/bench/mail-rate.mjs` runs it alone (after `npm run build -w server`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

// The test kit's SMTP server (a dependency of the server workspace, not of the scripts).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { SMTPServer } = createRequire(path.join(root, 'server/package.json'))('smtp-server');

export const BACKLOG = 2000;
export const MAIL_RATE_TARGET = 50;
export const ACCOUNT_WAIT_TARGET_S = 5;

/** An SMTP server that takes every message and notes when each arrived, by subject. */
async function startCatcher() {
  const arrived = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? '';
        arrived.set(subject, performance.now());
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    arrived,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const mail = (i) => ({
  kind: 'order-placed',
  to: `buyer${i}@example.com`,
  subject: `Order TW-${100000 + i} placed`,
  html: `<p>Thank you for your order TW-${100000 + i}.</p>`,
  text: `Thank you for your order TW-${100000 + i}.`,
});

/** `bench` = { openStore, startShop, stop, dataDir, accountPriority }. */
export async function benchMailRate(bench) {
  const catcher = await startCatcher();
  const store = await bench.openStore({ dataDir: bench.dataDir, mongo: undefined });
  const queuedAt = new Date(Date.now() - 60_000).toISOString();
  await Promise.all(
    Array.from({ length: BACKLOG }, (_, i) => store.outbox.enqueue(mail(i), queuedAt)),
  );
  const waitFor = async (done) => {
    while (!done()) await new Promise((r) => setTimeout(r, 20));
  };
  const t0 = performance.now();
  const shop = await bench.startShop(bench.dataDir, {
    SMTP_URL: catcher.url,
    MAIL_POLL_MS: '1000',
  });
  let invitationWait;
  try {
    await waitFor(() => catcher.arrived.size >= BACKLOG / 10);
    const invitedAt = performance.now();
    await store.outbox.enqueue(
      {
        kind: 'company-invitation',
        to: 'colleague@example.com',
        subject: 'Ana invites you to Acme Fixings on Toolworks',
        html: '<p>Join us.</p>',
        text: 'Join us.',
        priority: bench.accountPriority,
      },
      new Date().toISOString(),
    );
    await waitFor(() => catcher.arrived.size >= BACKLOG + 1);
    invitationWait =
      (catcher.arrived.get('Ana invites you to Acme Fixings on Toolworks') - invitedAt) / 1000;
  } finally {
    await bench.stop(shop.child);
    await store.close();
    await catcher.close();
  }
  // From the server's start (its first pass starts the sending) to the last email's arrival.
  const seconds = (Math.max(...catcher.arrived.values()) - t0) / 1000;
  const rate = +(BACKLOG / seconds).toFixed(1);
  return {
    row: {
      phase: `outbox sender, ${BACKLOG.toLocaleString('en-US')} emails to a local SMTP server (rps = sent/s)`,
      rps: rate,
      p50: undefined,
      p99: undefined,
      errors: 0,
    },
    line: `mail sender: ${rate} sent/s (target >= ${MAIL_RATE_TARGET}: ${rate >= MAIL_RATE_TARGET ? 'met' : 'NOT met'}); an invitation queued behind ${(BACKLOG * 0.9).toLocaleString('en-US')} order emails went out after ${invitationWait.toFixed(2)} s (target < ${ACCOUNT_WAIT_TARGET_S} s: ${invitationWait < ACCOUNT_WAIT_TARGET_S ? 'met' : 'NOT met'})`,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { openStore } = await import(path.join(root, 'server/dist/store/index.js'));
  const { MAIL_PRIORITY } = await import(path.join(root, 'server/dist/store/store.js'));
  const { startShop, stop } = await import('./shop-process.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolworks-mail-bench-'));
  try {
    const { row, line } = await benchMailRate({
      openStore,
      startShop,
      stop,
      dataDir,
      accountPriority: MAIL_PRIORITY?.account,
    });
    console.table([row]);
    console.log(line);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
