import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm test`: lint (module boundaries included), build, then every test level in turn — unit,
 * integration (real PostgreSQL and NATS), API end-to-end, web unit, browser end-to-end — and one
 * closing line with the totals. Stops at the first failing step so a broken build is not tested.
 */
const root = join(__dirname, '..', '..', '..');
const reports = join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  report?: { file: string; read: (json: unknown) => Counts };
}

const jestCounts = (json: unknown): Counts => {
  const result = json as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: result.numPassedTests,
    failed: result.numFailedTests,
    skipped: result.numPendingTests + result.numTodoTests,
  };
};
const vitestCounts = jestCounts;
const playwrightCounts = (json: unknown): Counts => {
  const stats = (json as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }).stats;
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
};

const jest = (project: string, extra: string[] = []): Step => ({
  name: `${project} tests`,
  command: [
    'npx',
    'jest',
    '--selectProjects',
    project,
    '--json',
    `--outputFile=${join(reports, `${project}.json`)}`,
    ...extra,
  ],
  report: { file: join(reports, `${project}.json`), read: jestCounts },
});

const steps: Step[] = [
  { name: 'lint', command: ['npx', 'eslint', '.'] },
  { name: 'format', command: ['npx', 'prettier', '--check', '.', '--log-level', 'warn'] },
  { name: 'type-check tests', command: ['npx', 'tsc', '-p', 'apps/system-e2e/tsconfig.json'] },
  { name: 'build', command: ['npx', 'nx', 'run-many', '-t', 'build', '--output-style=static'] },
  { name: 'bundle budget', command: ['npx', 'tsx', 'tools/scripts/src/bundle-budget.ts'] },
  jest('unit'),
  jest('integration', ['--maxWorkers=2']),
  jest('e2e', ['--runInBand']),
  {
    name: 'web tests',
    command: [
      'npx',
      'vitest',
      'run',
      '--root',
      'apps/web',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'web.json')}`,
    ],
    report: { file: join(reports, 'web.json'), read: vitestCounts },
  },
  {
    name: 'browser tests',
    command: ['npx', 'playwright', 'test', '-c', 'apps/system-e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'browser.json') },
    report: { file: join(reports, 'browser.json'), read: playwrightCounts },
  },
];

const only = process.argv.slice(2);
let failedStep: string | undefined;
for (const step of steps) {
  if (only.length > 0 && !only.some((name) => step.name.startsWith(name))) continue;
  const startedAt = Date.now();
  console.log(`\n=== ${step.name} ===`);
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  if (step.report && existsSync(step.report.file)) {
    const counts = step.report.read(JSON.parse(readFileSync(step.report.file, 'utf8')));
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  console.log(
    `=== ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s ===`,
  );
  if (result.status !== 0) {
    failedStep = step.name;
    if (totals.failed === 0) totals.failed = 1;
    break;
  }
}

if (failedStep) console.log(`\nFailed step: ${failedStep}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
