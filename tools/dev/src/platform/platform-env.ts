import { DEMO_OWNER_PASSWORD, DEMO_OWNERS } from '@copytrade/nest';
import type { PlatformOptions } from './start-platform';

/** Reads the start options from the environment (documented in docs/configuration.md). */
export function platformOptionsFromEnv(env: NodeJS.ProcessEnv): PlatformOptions {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    dataDir: env.DATA_DIR ?? '.data',
    databaseUrl: env.DATABASE_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    embeddedPostgresPort: Number(env.EMBEDDED_PG_PORT ?? 54329),
    embeddedNatsPort: Number(env.EMBEDDED_NATS_PORT ?? 4223),
  };
}

export const DEV_CREDENTIALS_NOTE = (env: NodeJS.ProcessEnv) =>
  env.NODE_ENV === 'production'
    ? 'Admin: the account from ADMIN_USERNAME / ADMIN_PASSWORD.'
    : `Admin:     ${env.ADMIN_USERNAME ?? 'admin'} / ${env.ADMIN_PASSWORD ?? 'Admin-Beta-2026!'}   (development default; set ADMIN_PASSWORD to change)\nDemo user: demo / Demo-Trader-2026!` +
      (env.DEMO_DATA === 'false'
        ? ''
        : `\nDemo trace owners: ${DEMO_OWNERS.map((owner) => owner.username).join(', ')} / ${DEMO_OWNER_PASSWORD}`);
