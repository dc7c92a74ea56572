import { startAuthEmulator } from '../../../scripts/auth-emulator.mjs';

/**
 * Vitest globalSetup of the `emulator` project: its sign-in tests run against the real Firebase
 * Auth emulator. One already running is used (FIREBASE_AUTH_EMULATOR_HOST is set);
 * otherwise this starts a private one and stops it afterwards.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // Runs before any test loads config.ts; it only decides whether to start an emulator and hands
  // its address on through the environment, where config.ts reads it in the test workers.
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return undefined;
  const emulator = await startAuthEmulator({ quiet: true, isolated: true });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  process.env.FIREBASE_PROJECT_ID = emulator.projectId;
  return async () => {
    await emulator.stop();
  };
}
