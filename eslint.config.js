// Lint: TypeScript rules plus nx module boundaries with real constraints
// (CONVENTIONS "Layout and boundaries"): an app or service library depends on
// its own scope and `scope:shared` only; no project imports an app.
const nx = require('@nx/eslint-plugin');
const tseslint = require('typescript-eslint');

// Every deployed app has a scope of its own: the list is the service registry's.
const { require: tsxRequire } = require('tsx/cjs/api');
const { DEPLOYED_APPS: SERVICES } = tsxRequire('./libs/shared/service-host/src/service-registry.ts', __filename);

module.exports = [
  {
    ignores: ['**/node_modules/**', '**/generated/**', '**/dist/**', '.nx/**', 'coverage/**', '.data/**', '**/*.js'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Build tools stay out of what runs: tsoa's package loads the TypeScript compiler on import
      // (decorators come from @tsoa/runtime), and tsx is a dev dependency.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'tsoa', message: "Import decorators from '@tsoa/runtime': 'tsoa' loads the TypeScript compiler at run time." },
            { name: 'tsx', message: 'tsx is a development tool, not a runtime dependency.' },
          ],
          patterns: [{ group: ['tsx/*'], message: 'tsx is a development tool, not a runtime dependency.' }],
        },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            ...SERVICES.map((s) => ({ sourceTag: `scope:${s}`, onlyDependOnLibsWithTags: [`scope:${s}`, 'scope:shared'] })),
            // The all-in-one host composes every service library (never an app).
            { sourceTag: 'scope:platform', onlyDependOnLibsWithTags: ['scope:platform', 'scope:shared', ...SERVICES.map((s) => `scope:${s}`)] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:contracts', 'type:util'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:contracts', 'type:util'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:contracts', 'type:util'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON responses.
    files: ['**/*.spec.ts', '**/test/**/*.ts', '**/bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.spec.ts'],
    rules: {
      // A skipped or focused test proves nothing (CONVENTIONS "Tests").
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'only' },
        { object: 'it', property: 'skip' },
        { object: 'describe', property: 'only' },
        { object: 'describe', property: 'skip' },
        { object: 'test', property: 'only' },
        { object: 'test', property: 'skip' },
      ],
      'no-restricted-globals': ['error', 'fit', 'fdescribe', 'xit', 'xdescribe'],
    },
  },
];
