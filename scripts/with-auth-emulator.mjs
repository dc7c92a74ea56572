#!/usr/bin/env node
// `node scripts/with-auth-emulator.mjs <cmd...>`: runs cmd with a Firebase Auth emulator
// (no persistence) and FIREBASE_AUTH_EMULATOR_HOST set, then stops it; exits with cmd's code.
import { spawn } from 'node:child_process';
import { startAuthEmulator } from './auth-emulator.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-auth-emulator.mjs <command> [args...]');
  process.exit(2);
}

// A caller that already runs one (CI) keeps it; otherwise a private one, so that a dev session
// or `npm start` on the usual port never sees test accounts.
const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST
  ? {
      host: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-toolworks',
      stop: async () => {},
    }
  : await startAuthEmulator({ quiet: true, isolated: true });

const child = spawn(command, args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: emulator.projectId,
  },
  shell: process.platform === 'win32',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) => {
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(`Could not run ${command}: ${error.message}`);
    resolve(127);
  });
});
await emulator.stop();
process.exit(code);
