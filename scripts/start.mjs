#!/usr/bin/env node
// `npm start`: runs the built server (the SPA is served by it) on PORT (default 3000). With no
// real Firebase project configured it also runs the Firebase Auth emulator, keeping its
// accounts under ${DATA_DIR}/auth, and makes sure the demo admin and customer exist. With no
// SMTP_URL it runs a local mail catcher (MailDev) and sends the shop's emails to its inbox.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, ensureDemoAccounts, startAuthEmulator } from './auth-emulator.mjs';
import { startMailCatcher } from './mail-catcher.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
const projectId = env.FIREBASE_PROJECT_ID ?? '';
const realFirebase =
  !env.FIREBASE_AUTH_EMULATOR_HOST && projectId !== '' && !projectId.startsWith('demo-');

function printDemoAccounts() {
  console.log('\nSign-in runs on the Firebase Auth emulator. Demo accounts:');
  for (const account of DEMO_ACCOUNTS) {
    console.log(`  ${account.role.padEnd(8)} ${account.email}  password: ${account.password}`);
  }
  console.log('');
}

let emulator = { stop: async () => {} };
if (env.FIREBASE_AUTH_EMULATOR_HOST) {
  // Someone runs an emulator for us (CI, tests): only make sure the demo accounts are there.
  await ensureDemoAccounts(env.FIREBASE_AUTH_EMULATOR_HOST, env.FIREBASE_PROJECT_ID || undefined);
  printDemoAccounts();
} else if (!realFirebase) {
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, 'data'), 'auth');
  console.log('Starting the Firebase Auth emulator...');
  emulator = await startAuthEmulator({ dataDir, quiet: true });
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  env.FIREBASE_PROJECT_ID = emulator.projectId;
  await ensureDemoAccounts(emulator.host, emulator.projectId);
  printDemoAccounts();
}

let mailCatcher = { stop: async () => {} };
if (!env.SMTP_URL) {
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, 'data'), 'mail');
  mailCatcher = await startMailCatcher({ dataDir });
  env.SMTP_URL = mailCatcher.smtpUrl;
  console.log(`Emails go to the local inbox: ${mailCatcher.inboxUrl}\n`);
}

const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, 'server/dist/start.js')],
  {
    stdio: 'inherit',
    env,
  },
);

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  // The emulator goes last: it exports its accounts on the way out.
  await mailCatcher.stop();
  await emulator.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
    else void stopAll(0);
  });
}
server.on('exit', (code, signal) => void stopAll(code ?? (signal ? 1 : 0)));
