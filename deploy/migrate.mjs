#!/usr/bin/env node
// Runs every service's database migrations, one service after the other: the in-image equivalent of
// `npm run migrate` (tools/dev is not shipped in images). Used by the migrate image (deploy/migrate.Dockerfile),
// i.e. the docker-compose `migrate` service and the Kubernetes Job `copytrade-migrate`. Never run at service boot.
//
// Each `apps/<app>/dist/database/migrate.js` runs in its own process with this process's environment (every
// service validates its whole configuration first, so the runner needs the same env as the services).
// Exits non-zero on the first failure. MIGRATE_APPS="identity traces" narrows or reorders the run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apps = (process.env.MIGRATE_APPS || 'identity traces brokerage copy-engine admin gateway')
  .split(/[\s,]+/)
  .filter(Boolean);

let ran = 0;
for (const app of apps) {
  const script = join(root, 'apps', app, 'dist', 'database', 'migrate.js');
  if (!existsSync(script)) {
    console.log(`${app}: no migrations in this image, skipped`);
    continue;
  }
  const result = spawnSync(process.execPath, [script], { cwd: root, env: process.env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `${app}: migrations failed (${result.error?.message ?? result.signal ?? `exit code ${result.status}`})`,
    );
    process.exit(result.status || 1);
  }
  ran += 1;
}
if (ran === 0) {
  console.error('no apps/*/dist/database/migrate.js found: nothing was migrated');
  process.exit(1);
}
console.log(`migrations done for ${ran} service(s)`);
