import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Import boundaries: each layer may import only what is below it. */
const forbid = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.local', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: forbid(['**/web/**', '**/functions/**', '**/infra/**', '**/scripts/**'], 'shared/ is imported by web and functions; it imports neither.'),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/**/*.test.{ts,tsx}'],
    rules: forbid(
      ['**/functions/**', '**/infra/**', '**/scripts/**', '**/shared/contract/all'],
      'The SPA imports only web/ and shared/ (and each page only the contract modules it calls).',
    ),
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: forbid(
      ['**/functions/**', '**/infra/**', '**/scripts/**', '**/shared/contract/all', '**/app/*', '**/app/**'],
      'A feature does not import the app (routes, shell): the app imports features.',
    ),
  },
  {
    files: ['functions/**/*.ts'],
    ignores: ['functions/**/*.test.ts'],
    rules: forbid(['**/infra/**', '**/scripts/**', '**/web/**'], 'Functions import only functions/ and shared/.'),
  },
  {
    // A cmd's limits are declared in its contract and taken by the pipeline; its caller is the viewer it is given.
    files: ['functions/*/handlers/**/*.ts'],
    ignores: ['functions/**/*.test.ts'],
    rules: forbid(
      ['**/infra/**', '**/scripts/**', '**/web/**', '**/lib/db/attempt-limit', '**/domain/users/caller-user', '**/lib/endpoint-app'],
      'A handler takes no attempt and resolves no caller: declare the limit in its contract (shared/contract/limits.ts) and use the viewer; its types come from functions/endpoint.ts.',
    ),
  },
  {
    files: ['functions/lib/**/*.ts'],
    ignores: ['functions/lib/**/*.test.ts'],
    rules: forbid(
      ['**/infra/**', '**/scripts/**', '**/web/**', '**/functions/user/**', '**/functions/sso/**', '**/domain/**'],
      'functions/lib is the platform: it knows no domain or endpoint.',
    ),
  },
);
