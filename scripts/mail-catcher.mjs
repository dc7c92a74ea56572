// The local mail catcher (MailDev) for `npm start` and `npm run dev` when no SMTP_URL is set:
// the shop's emails land in a web inbox instead of going out. Offline, nothing downloaded.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const maildevBin = path.join(root, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function isUp(webPort) {
  try {
    const res = await fetch(`http://127.0.0.1:${webPort}/api/healthz`, {
      signal: AbortSignal.timeout(1000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts MailDev on 127.0.0.1 (SMTP 1025, inbox 1080 unless MAIL_CATCHER_SMTP_PORT /
 * MAIL_CATCHER_WEB_PORT say otherwise), reusing one that already answers there. `dataDir` keeps
 * the mails across restarts. Resolves to `{ smtpUrl, inboxUrl, reused, stop() }`.
 */
export async function startMailCatcher({ dataDir, timeoutMs = 30_000 } = {}) {
  const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT || 1025);
  const webPort = Number(process.env.MAIL_CATCHER_WEB_PORT || 1080);
  const result = {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${webPort}/`,
  };
  if (await isUp(webPort)) return { ...result, reused: true, stop: async () => {} };

  const args = [maildevBin, '--smtp', String(smtpPort), '--web', String(webPort)];
  args.push('--ip', '127.0.0.1', '--web-ip', '127.0.0.1');
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    args.push('--mail-directory', dataDir);
  }
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk) => (log = (log + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise((resolve) => child.on('exit', () => ((exited = true), resolve())));
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isUp(webPort)) return { ...result, reused: false, stop };
    if (exited) throw new Error(`The mail catcher (MailDev) exited before it was ready:\n${log}`);
    await sleep(200);
  }
  await stop();
  throw new Error(`The mail catcher was not ready within ${timeoutMs / 1000}s:\n${log}`);
}
