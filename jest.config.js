// One jest config for every backend package: unit specs (*.spec.ts) and integration specs (*.int-spec.ts).
// Sources are transformed by SWC with legacy decorators and decorator metadata (NestJS, TypeORM, class-validator).
const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform },
  // Libraries resolve to their sources so tests never need a build first.
  moduleNameMapper: {
    '^@copytrade/(contracts|nest|testing)(/.*)?$': '<rootDir>/libs/$1/src$2',
    '^@copytrade/tools-dev$': '<rootDir>/tools/dev/src',
  },
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/.data/'],
  rootDir: __dirname,
};
module.exports = {
  // Per-project testTimeout is ignored by jest: one generous timeout for the slow (real-infrastructure) levels.
  testTimeout: 60000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/apps/web/', '<rootDir>/apps/system-e2e/'],
    },
    { ...shared, displayName: 'integration', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.int-spec.ts'] },
    // API tests through the gateway against the started product (built apps as processes).
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/apps/system-e2e/api/**/*.e2e-spec.ts'] },
  ],
};
