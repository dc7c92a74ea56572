import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium.mjs';

// The browser journeys run against the real shop as `npm start` runs it (built SPA, API, SQLite,
// Firebase Auth emulator), on its own port and a throw-away data folder.
const port = Number(process.env.E2E_PORT ?? 3100);
// Workers load this file again: they inherit the folder through the environment instead of
// making folders of their own.
const dataDir =
  process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'toolworks-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const root = path.resolve(import.meta.dirname, '..', '..');
// The shop's emails go to a MailDev that `scripts/start.mjs` starts, as `npm start` does, on
// ports of this run's own (not `npm start`'s 1025/1080), so the journeys read their own inbox.
const mailSmtpPort = port + 20000;
const mailWebPort = port + 21000;
process.env.E2E_MAIL_WEB_PORT = String(mailWebPort);

const chromium = { ...devices['Desktop Chrome'], channel: undefined };

// A second shop, a German seller (issue 51: its prices are net, tax is added per line), for the
// tax journeys alone (tax-eu.spec.ts): every other journey relies on the first shop's one rate.
const taxShopPort = port + 100;
const taxShopUrl = `http://localhost:${taxShopPort}`;
process.env.E2E_TAX_SHOP_URL = taxShopUrl;
// A third, a US seller shipping from New York (tax-us.spec.ts): sales tax where the admin says
// the shop has nexus, none for a reseller's certified state.
const usShopPort = port + 200;
const usShopUrl = `http://localhost:${usShopPort}`;
process.env.E2E_US_SHOP_URL = usShopUrl;

// Both shops run as `npm start` runs one, tuned for the journeys.
const shopEnv = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  // Every journey signs in from 127.0.0.1, and each page load renews the access token: the
  // per-address limits (tested in the server suite) would otherwise throttle the suite itself.
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  ORDER_RATE_LIMIT_PER_MINUTE: '1000',
  REVIEW_RATE_LIMIT_PER_MINUTE: '1000',
  // The cap on a customer's unpaid orders is tested in the server suite; here it stays out of
  // the way of journeys that leave orders unpaid.
  MAX_UNPAID_ORDERS: '1000',
  // A journey waits for its email: the sender looks at the outbox twice a second.
  MAIL_POLL_MS: '500',
  ORDERS_NOTIFY_EMAIL: 'sales@toolworks.test',
  // Journeys that need a reservation to end move the shop's clock (POST /api/test/clock, as
  // the demo admin) instead of waiting an hour or editing the database.
  TEST_CLOCK: 'true',
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results', 'e2e'),
  // Each journey makes its own customers, companies and tools (fixtures.ts) and looks only at
  // them, so journeys run side by side, tests of one file too.
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'chromium', use: chromium, grepInvert: /@clock/, teardown: 'clock' },
    // The journeys that move the shop's clock (tagged CLOCK in fixtures.ts) end every unpaid
    // order's reservation and age every invoice. As the first project's teardown they run once
    // all its journeys have finished (passed or not), one at a time; a run of chosen files that
    // has any journey of the first project runs these three too.
    {
      name: 'clock',
      use: chromium,
      grep: /@clock/,
      fullyParallel: false,
      workers: 1,
    },
  ],
  // Playwright starts them one after the other, in this order, each once the one before answers;
  // the tax shop also waits for the first's emulator itself (scripts/start-tax-shop.mjs).
  webServer: [
    {
      command: 'node scripts/start.mjs',
      cwd: root,
      url: `http://localhost:${port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...shopEnv,
        PORT: String(port),
        DATA_DIR: dataDir,
        SMTP_URL: '',
        MAIL_CATCHER_SMTP_PORT: String(mailSmtpPort),
        MAIL_CATCHER_WEB_PORT: String(mailWebPort),
      },
    },
    {
      command: 'node scripts/start-tax-shop.mjs',
      cwd: root,
      url: `${taxShopUrl}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...shopEnv,
        PORT: String(taxShopPort),
        DATA_DIR: path.join(dataDir, 'tax-shop'),
        // The first shop's MailDev, started by scripts/start.mjs.
        SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
        SELLER_COUNTRY: 'DE',
        SELLER_VAT_ID: 'DE136695976',
      },
    },
    {
      command: 'node scripts/start-tax-shop.mjs',
      cwd: root,
      url: `${usShopUrl}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...shopEnv,
        PORT: String(usShopPort),
        DATA_DIR: path.join(dataDir, 'us-shop'),
        SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
        SELLER_COUNTRY: 'US',
        SELLER_STATE: 'NY',
      },
    },
  ],
});
