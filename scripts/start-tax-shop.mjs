#!/usr/bin/env node
// The browser journeys' second shop (client/e2e/playwright.config.ts): the built server alone, as
// a seller with its own tax settings (SELLER_COUNTRY...), signing in on the Firebase Auth emulator
// and mailing to the MailDev that the first shop's `scripts/start.mjs` runs. It waits for that
// emulator rather than trusting the order Playwright starts its web servers in.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_EMULATOR_HOST, EMULATOR_PROJECT_ID, isEmulatorUp } from './auth-emulator.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const host = process.env.FIREBASE_AUTH_EMULATOR_HOST || DEFAULT_EMULATOR_HOST;
const projectId = process.env.FIREBASE_PROJECT_ID || EMULATOR_PROJECT_ID;

const deadline = Date.now() + 120_000;
while (!(await isEmulatorUp(host, projectId))) {
  if (Date.now() > deadline) {
    console.error(`No Firebase Auth emulator answered at ${host} within 2 minutes.`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}

const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, 'server/dist/start.js')],
  {
    stdio: 'inherit',
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: projectId },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
