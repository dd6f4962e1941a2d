import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * Layers inside the web app: shared (lib/, components/, config/, testing/) → features/<f> → app/ (routes compose
 * features). A feature never imports another feature, and shared code never imports a feature: features register
 * with shared code instead. Imports are resolved to a folder (the `@/` alias or a relative path), so a file's own
 * feature may use any relative path and `../<other>` is caught wherever it sits.
 */
const webSrc = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/web/src');
const webLayerOf = (file) => {
  const [top, name] = path.relative(webSrc, file).split(path.sep);
  if (top === 'features' && name) return { kind: 'feature', name };
  if (['lib', 'components', 'config', 'testing'].includes(top)) return { kind: 'shared', name: top };
  return undefined;
};
const webBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      otherFeature:
        "Feature '{{from}}' imports feature '{{to}}': move what they share to lib/ or compose them in app/.",
      sharedImportsFeature: "Shared '{{from}}/' imports feature '{{to}}': let the feature register with it instead.",
    },
    schema: [],
  },
  create(context) {
    const from = webLayerOf(context.filename);
    if (!from) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      let target;
      if (spec.startsWith('@/')) target = path.join(webSrc, spec.slice(2));
      else if (spec.startsWith('.')) target = path.resolve(path.dirname(context.filename), spec);
      else return;
      const to = webLayerOf(target);
      if (to?.kind !== 'feature' || (from.kind === 'feature' && from.name === to.name)) return;
      const messageId = from.kind === 'feature' ? 'otherFeature' : 'sharedImportsFeature';
      context.report({ node: source, messageId, data: { from: from.name, to: to.name } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

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
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    plugins: { web: { rules: { boundaries: webBoundaries } } },
    rules: { 'web/boundaries': 'error' },
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
