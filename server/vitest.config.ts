import { defineConfig } from 'vitest/config';

// @toolworks/contract from its TypeScript source (its package.json `exports`), as tsx and tsc read
// it: no build step before a test run. The rest are Vite's default server conditions, less
// `module`: Node never reads it, and packages that offer it (the AWS SDK's dist-es) may hold
// bundler-only ESM (imports without file extensions) that Node cannot load.
const conditions = ['@toolworks/source', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
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
