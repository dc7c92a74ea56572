import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createApp } from './app.js';
import { createLogger, type Logger } from './lib/logger.js';
import { openStore } from './store/index.js';
import { seedDemoData } from './seed/seed.js';
import { createFirebaseIdentity } from './auth/index.js';
import { compose, createMailSender } from './compose.js';
import { createTestClock } from './modules/test-clock/index.js';

const DRAIN_TIMEOUT_MS = 10_000;
/** Every request expires due orders lazily; the sweep returns stock even when nobody asks. */
const EXPIRY_SWEEP_MS = 30_000;

export interface RunningServer {
  url: string;
  port: number;
  /** The listening server, for tests that wait on its events (e.g. 'request'). */
  server: Server;
  /** Stops accepting, lets in-flight requests finish (up to 10 s), then closes the store. */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use: stop the other process or set PORT.`)
          : err,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError).once('listening', onListening).listen(port, host);
  });
}

/**
 * Responses in flight, so a drain can tell their clients not to reuse the connection: without
 * `Connection: close`, a keep-alive client would send its next request on a socket that is
 * about to close, and get a reset instead of a clean refusal.
 */
function trackResponses(server: Server) {
  const open = new Set<ServerResponse>();
  let draining = false;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  // Before the app's own listener, so the header is set before any handler writes.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) return closeAfter(res);
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  return {
    startDraining() {
      draining = true;
      open.forEach(closeAfter);
    },
  };
}

function drain(server: Server, logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    // A kept-alive connection turns idle only once its in-flight response is sent: keep sweeping.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const force = setTimeout(() => {
      logger.warn('requests still open after 10 s; closing their connections');
      server.closeAllConnections();
    }, DRAIN_TIMEOUT_MS);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(/\/\/[^@/]*@/, '//***@');
}

/** Opens the store, seeds it if asked, and serves the app. Used by the CLI, tests and benches. */
export async function startServer(
  config: Config,
  logger: Logger = createLogger(config),
): Promise<RunningServer> {
  const store = await openStore(config, logger);
  try {
    const testClock = config.testClock ? createTestClock() : undefined;
    if (testClock) logger.warn('TEST_CLOCK is set: admins may move the reservation clock');
    if (config.seedDemoData) {
      const seeded = await seedDemoData(store);
      if (seeded.tools || seeded.reviews) logger.info(seeded, 'demo data seeded');
    }
    const parts = compose({
      config,
      store,
      logger,
      identity: createFirebaseIdentity(config),
      testClock,
    });
    const { payments, expire, reminders, vatChecks, now } = parts;
    logger.info({ gateway: payments.kind }, 'card payments');
    if (vatChecks.enabled)
      logger.info({ vies: config.tax.vies.url }, 'verifying VAT IDs with VIES');
    else
      logger.warn(
        'VIES_URL is not set: VAT IDs are checked for their format only and stay pending',
      );
    // ADMIN_EMAILS may have changed since the last start: rights the list gave to addresses no
    // longer on it end now (the guards already ignore them; this keeps the stored roles true).
    const delisted = await store.users.demoteListAdminsExcept(config.adminEmails);
    if (delisted) logger.info({ delisted }, 'admins no longer in ADMIN_EMAILS lost their rights');
    const server = createServer(
      {
        // A client that trickles its headers or body holds a connection and a socket; Node's
        // defaults (300 s, checked every 30 s) let a few hundred of them tie the server up.
        requestTimeout: config.timeouts.requestMs,
        headersTimeout: config.timeouts.headersMs,
        connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs),
      },
      createApp(parts),
    );
    const responses = trackResponses(server);
    const sweep = setInterval(() => {
      expire().catch((err: unknown) => logger.error({ err }, 'expiry sweep failed'));
      // Overdue invoices' reminders: each stored once per invoice and stage, so every
      // instance may sweep.
      reminders().catch((err: unknown) => logger.error({ err }, 'invoice reminder sweep failed'));
      // Companies due a VAT check are leased in the store: every instance may sweep.
      vatChecks.sweep().catch((err: unknown) => logger.error({ err }, 'VAT check sweep failed'));
    }, EXPIRY_SWEEP_MS);
    sweep.unref();
    await listen(server, config.port, config.host);
    const mailSender = createMailSender({ store, config, logger, now });
    if (mailSender) {
      mailSender.start();
      logger.info({ smtp: redactUrl(config.mail.smtpUrl) }, 'sending order emails');
    } else logger.warn('SMTP_URL is not set: order emails are queued in the outbox, not sent');
    const port = (server.address() as AddressInfo).port;

    let closing: Promise<void> | undefined;
    return {
      url: `http://localhost:${port}`,
      port,
      server,
      close() {
        if (!closing) {
          clearInterval(sweep);
          responses.startDraining();
        }
        // The sender finishes its pass before the store closes under it.
        closing ??= drain(server, logger)
          // A payment's invoice and email, made after its answer, before the store closes.
          .then(() => parts.notifier.settled())
          .then(() => mailSender?.stop())
          .then(() => store.close());
        return closing;
      },
    };
  } catch (err) {
    await store.close();
    throw err;
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  const logger = createLogger(config);

  let running: RunningServer;
  try {
    running = await startServer(config, logger);
  } catch (err) {
    logger.fatal({ err }, 'could not start');
    process.stderr.write(`Toolworks could not start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  logger.info(`Toolworks is running at ${running.url}`);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    // A second Ctrl+C means "now".
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing open requests');
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return fs.realpathSync(entry) === fs.realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) await main();
