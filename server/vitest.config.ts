import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Starts the Firebase Auth emulator unless FIREBASE_AUTH_EMULATOR_HOST points at one already.
    globalSetup: ['src/test/auth-emulator-setup.ts'],
  },
});
