import { defineConfig } from 'vitest/config';

// @toolworks/contract from its TypeScript source (its package.json `exports`), as tsx and tsc read
// it: no build step before a test run. The rest are Vite's default server conditions, less
// `module`: Node never reads it, and packages that offer it (the AWS SDK's dist-es) may hold
// bundler-only ESM (imports without file extensions) that Node cannot load.
const conditions = ['@toolworks/source', 'node', 'development|production'];

// The tests that exist to prove sign-in through Firebase itself: they run against the real
// Firebase Auth emulator. Every other API test signs in through the in-process test identity.
const emulatorTests = [
  'src/modules/auth/auth.test.ts',
  'src/modules/auth/admin-rights.test.ts',
  'src/modules/users/removed-users.test.ts',
  'src/test/identity-contract.test.ts',
];
// Child processes, real restarts and timings: minutes of wall time for a few cases.
const slowTests = [
  'src/test/durability/**/*.test.ts',
  'src/test/multi-instance/**/*.test.ts',
  'src/start.test.ts',
  'src/mail/mail-throughput.test.ts',
];

const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
const shared = {
  environment: 'node',
  testTimeout: 20_000,
  hookTimeout: 60_000,
  pool: 'forks',
} as const;

/**
 * Three projects: `fast` (`npm test`), `slow` and `emulator` (`npm run test:slow`, in `validate`
 * and CI). `npx vitest run` runs all three. Each project names its own files: a project that
 * `extends` the root config would add its `include` to the root's, and so run every file.
 */
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    projects: [
      {
        resolve: { conditions },
        ssr: { resolve: { conditions } },
        test: {
          ...shared,
          env,
          name: 'fast',
          include: ['src/**/*.test.ts'],
          exclude: [...emulatorTests, ...slowTests],
          // The files share their worker's modules: each builds its own store and app, and
          // loading the server afresh for every file was two thirds of the run's time.
          isolate: false,
        },
      },
      {
        resolve: { conditions },
        ssr: { resolve: { conditions } },
        test: { ...shared, env, name: 'slow', include: slowTests },
      },
      {
        resolve: { conditions },
        ssr: { resolve: { conditions } },
        test: {
          ...shared,
          name: 'emulator',
          include: emulatorTests,
          env: { ...env, TEST_IDENTITY: 'emulator' },
          // Starts the Firebase Auth emulator unless FIREBASE_AUTH_EMULATOR_HOST points at one.
          globalSetup: ['src/test/auth-emulator-setup.ts'],
        },
      },
    ],
  },
});
