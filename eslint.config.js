import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Import boundaries: each layer may import only what is below it. */
const forbid = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

/**
 * The SPA's feature zones (bulletproof-react): a feature imports another only through what that one
 * exports for others, its `index.ts`; the shared layers below the features (api, components, hooks, lib,
 * session) import no feature and not the app. Each feature folder is a zone of its own, read from disk.
 */
const ROOT = import.meta.dirname;
const FEATURES = readdirSync(join(ROOT, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = [
  ...FEATURES.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`, ...FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: 'A feature imports another feature only through its index.ts (move what both need down to components/, hooks/ or lib/).',
  })),
  {
    target: ['./web/src/api', './web/src/components', './web/src/hooks', './web/src/lib', './web/src/session'],
    from: ['./web/src/features', './web/src/app'],
    message: 'The shared layers sit below the features and the app: they import neither.',
  },
];

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
    // No circles among the SPA's and shared modules, and the feature zones above.
    files: ['web/**/*.{ts,tsx}', 'shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The modules import-x reads to follow imports (a cycle runs through them): TypeScript, parsed as ESLint does.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: featureZones }],
    },
  },
  {
    // The React hooks rules: rules-of-hooks and exhaustive-deps, and the React Compiler's checks of what a
    // render may do (purity, refs, state set in effects...), as the plugin recommends them.
    files: ['web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['shared/**/*.ts'],
    rules: forbid(['**/web/**', '**/functions/**', '**/infra/**', '**/scripts/**'], 'shared/ is imported by web and functions; it imports neither.'),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/**/*.test.{ts,tsx}'],
    rules: forbid(
      ['**/functions/**', '**/infra/**', '**/scripts/**', '**/shared/contract/all', '**/*.endpoint'],
      "The SPA imports only web/ and shared/ (and each page only the contract parts it calls, never an endpoint's whole contract).",
    ),
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: forbid(
      ['**/functions/**', '**/infra/**', '**/scripts/**', '**/shared/contract/all', '**/*.endpoint', '**/app/*', '**/app/**'],
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
    // A feature's handlers live in its domain folder (`<feature>.handlers.ts`), an endpoint's own in its handlers/.
    files: ['functions/*/handlers/**/*.ts', 'functions/domain/**/*.handlers.ts'],
    ignores: ['functions/**/*.test.ts'],
    rules: forbid(
      ['**/infra/**', '**/scripts/**', '**/web/**', '**/lib/db/attempt-limit', '**/domain/users/caller-user', '**/lib/endpoint-app'],
      'A handler takes no attempt and resolves no caller: declare the limit in its contract (shared/contract/limits.ts, or beside the cmd in its feature part) and use the viewer; its types come from functions/endpoint.ts.',
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
