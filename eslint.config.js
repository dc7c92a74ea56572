import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const folders = (dir) =>
  fs
    .readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Boundaries (docs/contributing.md), as bulletproof-react draws them:
// - a client feature imports no other feature (shared code lives in lib/ or components/, and
//   features are composed in app/), and nothing below app/ imports app/;
// - a server module imports another module only through its public index.ts.
const clientFeatures = folders('client/src/features');
const serverModules = folders('server/src/modules');
const serverTop = fs
  .readdirSync(path.join(import.meta.dirname, 'server/src'))
  .filter((name) => name !== 'store');
const boundaryZones = [
  ...clientFeatures.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: './client/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in client/src/app/.',
  })),
  ...serverModules.flatMap((module) =>
    serverModules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `./server/src/modules/${module}`,
        from: `./server/src/modules/${other}`,
        // The card gateways have a face of their own: modules that charge or refund take them
        // without the payments routes (which use the orders module: no circle).
        // The e-invoice rules (validate.ts: SaxonJS, libxml2) load only in the invoices' documents
        // child process, never through the index that the server loads.
        except: [
          './index.ts',
          ...(other === 'payments' ? ['./gateways/index.ts'] : []),
          ...(other === 'einvoice' ? ['./validate.ts'] : []),
        ],
        message: `Import the ${other} module through its index.ts, its public face.`,
      })),
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // Each file is checked with the types of the workspace tsconfig.json that includes it.
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // The store adapters are async because the port is: an SQLite method that throws must
      // reject like MongoDB's, so `async` without `await` is how a port method is written.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // Without these the rules cannot read a TypeScript dependency's imports (no-cycle sees none).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'server/tsconfig.json',
            'client/tsconfig.json',
            'packages/contract/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'check-file/filename-naming-convention': [
        'error',
        {
          '**/!(migrations)/*.{ts,tsx}': 'KEBAB_CASE',
          '**/migrations/*.ts': '+([0-9])-+([a-z0-9-])|index|migration',
        },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // The app is assembled in server/src/app.ts and client/src/app/; what they assemble never
    // imports them (the server's dependencies' type lives in deps.ts). Tests build the app.
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'server/src/test/**',
      'server/src/start.ts',
      'client/src/testing/**',
      'client/src/**/testing/**',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...boundaryZones,
            {
              target: './server/src',
              from: './server/src/app.ts',
              message: 'Nothing imports app.ts: take AppDeps from deps.ts.',
            },
            {
              target: './server/src/app.ts',
              from: './server/src/modules',
              except: serverModules.map((module) => `./${module}/index.ts`),
              message: "app.ts takes a module's routes from its index.ts, its public face.",
            },
            {
              target: serverTop.map((name) => `./server/src/${name}`),
              from: ['./server/src/store/sqlite', './server/src/store/mongo'],
              message: 'Only store/ reaches the storage adapters: use the Store port (store.js).',
            },
            {
              target: [
                './server/src/lib',
                './server/src/store',
                './server/src/mail',
                './server/src/domain',
                './server/src/auth',
                './server/src/images',
              ],
              from: './server/src/modules',
              message:
                'lib/, store/, mail/, domain/, auth/ and images/ serve the modules and never import them: pass what they need in.',
            },
            {
              target: ['./client/src/features', './client/src/lib', './client/src/components'],
              from: './client/src/app',
              message: 'Only app/ composes: features, lib and components do not import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read HTTP and fetch bodies, typed `any`, and assert on them with expect: the
    // assertion is the check the no-unsafe rules would ask for.
    files: [
      '**/*.test.{ts,tsx}',
      'server/src/test/**',
      'client/src/testing/**',
      'client/src/**/testing/**',
      'client/e2e/**',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The scripts are plain JavaScript (and a few TypeScript helpers) outside every tsconfig.
    files: ['**/*.{js,mjs,cjs}', 'scripts/**'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
