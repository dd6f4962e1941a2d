import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

/**
 * Lint is where module boundaries are enforced (Nx tags in each package.json):
 * web → web and contracts only; apps never import another app; contracts import no server library.
 */
const withTesting = (tags, testing) => (testing ? [...tags, 'type:testing'] : tags);
const moduleBoundaries = (testing) => ({
  allow: [],
  depConstraints: [
    { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
    { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'type:contracts'] },
    { sourceTag: 'type:app', onlyDependOnLibsWithTags: withTesting(['type:contracts', 'type:lib'], testing) },
    { sourceTag: 'type:lib', onlyDependOnLibsWithTags: withTesting(['type:contracts', 'type:lib'], testing) },
    { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:lib', 'type:testing'] },
    { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contracts', 'type:lib', 'type:testing', 'type:tool'] },
    { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:contracts', 'type:lib', 'type:testing', 'type:tool'] },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries(false)],
    },
  },
  {
    // libs/contracts is imported by the browser: no NestJS, TypeORM, pg or NATS in it.
    files: ['libs/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@nestjs/*', 'typeorm', 'pg', 'nats', '@nats-io/*', 'express'] }],
    },
  },
  {
    // Tests may also use libs/testing.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts', '**/test-support/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', moduleBoundaries(true)] },
  },
);
