import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/** Import boundaries: each layer may import only what is below it. */
const forbid = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

/**
 * A record's derived writes (its list row, counter changes, holdings, audit entry) come only from its
 * kind's declaration through the one write path (functions/lib/records/write-changes.ts): a domain
 * module that builds one by hand, or writes a transaction past that path, fails lint.
 */
const DERIVED_BY_HAND = 'A derived write (list row, counter change, audit entry) comes from the record kind: declare it there and write with writeChanges/buildWrites (functions/lib/records).';
const domainRules = {
  'no-restricted-imports': [
    'error',
    {
      paths: [{ name: 'dynamodb-toolbox/entity/actions/transactWrite', importNames: ['execute'], message: DERIVED_BY_HAND }],
      patterns: [
        { group: ['**/infra/**', '**/scripts/**', '**/web/**'], message: 'Functions import only functions/ and shared/.' },
        { group: ['**/lib/lists/list-store'], importNames: ['listRowWrites', 'ListRowEntity', 'ListChangeEntity'], message: DERIVED_BY_HAND },
        { group: ['**/lib/db/counter-deltas'], message: DERIVED_BY_HAND },
        { group: ['**/lib/db/aggregates'], importNames: ['countChanges', 'tallyDeltas', 'CounterDelta'], message: DERIVED_BY_HAND },
        { group: ['**/lib/db/write-transaction'], importNames: ['executeTransaction'], message: DERIVED_BY_HAND },
        { group: ['**/audit/audit.repository'], importNames: ['auditWrites'], message: DERIVED_BY_HAND },
      ],
    },
  ],
  'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='writes']", message: DERIVED_BY_HAND }],
};

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
    files: ['functions/lib/**/*.ts'],
    ignores: ['functions/lib/**/*.test.ts', 'functions/lib/session-check.ts'],
    rules: forbid(
      ['**/infra/**', '**/scripts/**', '**/web/**', '**/functions/user/**', '**/functions/sso/**', '**/domain/**'],
      'functions/lib is the platform: it knows no domain or endpoint.',
    ),
  },
  {
    files: ['functions/domain/**/*.ts'],
    // The audit domain is the trail the kinds' entries are written to.
    ignores: ['functions/domain/**/*.test.ts', 'functions/domain/audit/**'],
    rules: domainRules,
  },
  {
    // No circles among the functions' modules (import-x skips type-only imports; record types live beside their entities all the same).
    files: ['functions/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
