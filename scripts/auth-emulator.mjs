// The Firebase Auth emulator (firebase-tools) for `npm start`, `npm run dev` and the tests:
// sign-in works offline and without a Firebase project.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const firebaseBin = path.join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');

export const EMULATOR_PROJECT_ID = 'demo-toolworks';
export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

export const DEMO_ACCOUNTS = [
  {
    role: 'admin',
    email: 'admin@toolworks.test',
    password: 'Admin123!',
    displayName: 'Demo Admin',
  },
  {
    role: 'customer',
    email: 'customer@toolworks.test',
    password: 'Customer123!',
    displayName: 'Demo Customer',
  },
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when an auth emulator for `projectId` answers at `host` (not just any open port). */
export async function isEmulatorUp(host = DEFAULT_EMULATOR_HOST, projectId = EMULATOR_PROJECT_ID) {
  try {
    const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/config`, {
      signal: AbortSignal.timeout(1000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Writes a firebase.json for this run. Isolated runs (tests) get free ports and their own
 * project id: firebase-tools keeps one hub file per project id in the temp dir, so two suites
 * sharing an id would export or stop each other's emulator.
 */
async function emulatorConfig(isolated) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolworks-auth-emulator-'));
  const ports = isolated
    ? { auth: await freePort(), hub: await freePort(), logging: await freePort() }
    : { auth: 9099, hub: 4400, logging: 4500 };
  const projectId = isolated ? `${EMULATOR_PROJECT_ID}-t${process.pid}` : EMULATOR_PROJECT_ID;
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port: ports.auth },
      hub: { host: '127.0.0.1', port: ports.hub },
      logging: { host: '127.0.0.1', port: ports.logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  fs.writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify(config, null, 2));
  return { dir, projectId, host: `127.0.0.1:${ports.auth}` };
}

/**
 * Starts the emulator. By default on 127.0.0.1:9099 (where the client looks), reusing one that
 * already answers there (a dev session, another `npm start`). `isolated: true` runs a private one
 * on free ports for a test suite. `dataDir` keeps accounts: imported at start, exported on stop.
 * Resolves to `{ host, projectId, reused, stop() }`; `stop()` of a reused emulator does nothing.
 */
export async function startAuthEmulator({
  dataDir,
  quiet = true,
  isolated = false,
  timeoutMs = 90_000,
  attempts = 3,
} = {}) {
  if (!isolated && (await isEmulatorUp())) {
    return {
      host: DEFAULT_EMULATOR_HOST,
      projectId: EMULATOR_PROJECT_ID,
      reused: true,
      stop: async () => {},
    };
  }
  const { dir, projectId, host } = await emulatorConfig(isolated);
  const args = [firebaseBin, 'emulators:start', '--only', 'auth', '--project', projectId];
  args.push('--config', path.join(dir, 'firebase.json'));
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    // --import refuses a directory without an export in it (the very first run).
    if (fs.existsSync(path.join(dataDir, 'firebase-export-metadata.json')))
      args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: dir, // firebase-tools drops its debug log in the working directory
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', CI: 'true', FIREBASE_AUTH_EMULATOR_HOST: '' },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  let log = '';
  const keep = (chunk) => (log = (log + chunk).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise((resolve) => child.on('exit', () => ((exited = true), resolve())));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });

  const stop = async () => {
    if (!exited) {
      // SIGINT is what firebase-tools treats as "export, then shut down".
      child.kill('SIGINT');
      let timer;
      const done = await Promise.race([
        exit.then(() => true),
        new Promise((resolve) => (timer = setTimeout(resolve, 20_000, false))),
      ]);
      clearTimeout(timer);
      if (!done) {
        child.kill('SIGKILL');
        await exit;
      }
    }
    cleanup();
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isEmulatorUp(host, projectId)) return { host, projectId, reused: false, stop };
    if (exited) {
      cleanup();
      // A free port is free when asked, not when the emulator binds it: another process can take
      // it in between (it happened once in `npm test`). Ask again for new ones.
      if (isolated && attempts > 1 && /port taken|not open|EADDRINUSE/i.test(log)) {
        return startAuthEmulator({ dataDir, quiet, isolated, timeoutMs, attempts: attempts - 1 });
      }
      // Lost a race on 9099 with another run starting one at the same moment: use theirs.
      if (!isolated && /port taken|not open/i.test(log)) {
        while (Date.now() < deadline) {
          if (await isEmulatorUp()) return { host, projectId, reused: true, stop: async () => {} };
          await sleep(250);
        }
      }
      throw new Error(`The Firebase Auth emulator exited before it was ready:\n${log}`);
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`The Firebase Auth emulator was not ready within ${timeoutMs / 1000}s:\n${log}`);
}

async function emulatorCall(host, path, body, headers = {}) {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { ok: res.ok, body: await res.json().catch(() => ({})) };
}

/**
 * Creates the demo admin and customer in the emulator unless they exist already. Their emails
 * are marked verified: Firebase then links a Google sign-in with the same address to the
 * account, where an unverified one would have its password replaced by Google.
 */
export async function ensureDemoAccounts(
  host = DEFAULT_EMULATOR_HOST,
  projectId = EMULATOR_PROJECT_ID,
) {
  for (const account of DEMO_ACCOUNTS) {
    const { email, password, displayName } = account;
    const created = await emulatorCall(host, 'accounts:signUp?key=demo-key', {
      email,
      password,
      displayName,
      returnSecureToken: true,
    });
    if (!created.ok) {
      if (created.body?.error?.message === 'EMAIL_EXISTS') continue;
      throw new Error(
        `Could not create the demo account ${email}: ${JSON.stringify(created.body)}`,
      );
    }
    const verified = await emulatorCall(
      host,
      `projects/${projectId}/accounts:update`,
      { localId: created.body.localId, emailVerified: true },
      // The emulator takes "owner" as an admin credential.
      { authorization: 'Bearer owner' },
    );
    if (!verified.ok)
      throw new Error(`Could not verify ${email}: ${JSON.stringify(verified.body)}`);
  }
  return DEMO_ACCOUNTS;
}
