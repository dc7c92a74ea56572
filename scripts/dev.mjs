#!/usr/bin/env node
// `npm run dev`: the Firebase Auth emulator, the API with reload (tsx watch) on :3001 and Vite on
// :5173 (which proxies /api to :3001), and with no SMTP_URL a local mail catcher (MailDev) whose
// inbox shows the shop's emails. Ctrl+C stops them all; the emulator keeps its accounts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, ensureDemoAccounts, startAuthEmulator } from './auth-emulator.mjs';
import { startMailCatcher } from './mail-catcher.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'data'), 'auth');
console.log('Starting the Firebase Auth emulator...');
const emulator = await startAuthEmulator({ dataDir, quiet: true });
await ensureDemoAccounts(emulator.host, emulator.projectId);
console.log(
  `Auth emulator on http://${emulator.host}${emulator.reused ? ' (already running)' : ''}`,
);
for (const account of DEMO_ACCOUNTS)
  console.log(`  ${account.role.padEnd(8)} ${account.email} / ${account.password}`);

const mailCatcher = process.env.SMTP_URL
  ? { stop: async () => {} }
  : await startMailCatcher({
      dataDir: path.resolve(process.env.DATA_DIR || path.join(root, 'data'), 'mail'),
    });
if (mailCatcher.inboxUrl) console.log(`Emails go to the local inbox: ${mailCatcher.inboxUrl}`);

const env = {
  ...process.env,
  PORT: '3001',
  // Links in emails point at Vite, where the pages are in development.
  SHOP_URL: process.env.SHOP_URL || 'http://localhost:5173',
  ...(mailCatcher.smtpUrl && { SMTP_URL: mailCatcher.smtpUrl }),
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  FIREBASE_PROJECT_ID: emulator.projectId,
};
const children = [
  // The condition makes tsx read @toolworks/contract's source, so contract edits reload too.
  spawn(bin('tsx'), ['watch', '--conditions=@toolworks/source', 'src/start.ts'], {
    cwd: path.join(root, 'server'),
    stdio: 'inherit',
    env,
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'client'), stdio: 'inherit', env: process.env }),
];

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const exits = children
    .filter((child) => child.exitCode === null && child.signalCode === null)
    .map((child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))));
  await Promise.all(exits);
  await mailCatcher.stop();
  await emulator.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopAll(0));
// One of them dying (a port taken, a crash at start) takes the others down rather than half-running.
for (const child of children) child.on('exit', (code) => void stopAll(code ?? 1));
