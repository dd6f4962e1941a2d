import { DEV_CREDENTIALS_NOTE, platformOptionsFromEnv } from './platform/platform-env';
import { startPlatform } from './platform/start-platform';

/** `npm start`: everything on one machine; Ctrl-C stops every process it started. */
async function main() {
  const startedAt = Date.now();
  // Developer endpoints (/api/dev/*) on for local runs unless DEV_TOOLS says otherwise; never in production.
  const devTools = process.env.DEV_TOOLS ?? String(process.env.NODE_ENV !== 'production');
  const platform = await startPlatform({ ...platformOptionsFromEnv(process.env), env: { DEV_TOOLS: devTools } });
  console.log(
    `\nCopyTrade is running at ${platform.url}  (started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
  );
  console.log(DEV_CREDENTIALS_NOTE(process.env));
  console.log('Press Ctrl-C to stop.\n');

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await platform.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
