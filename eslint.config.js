import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
