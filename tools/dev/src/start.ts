import { DEV_CREDENTIALS_NOTE, platformOptionsFromEnv } from './platform/platform-env';
import { startPlatform, type RunningPlatform } from './platform/start-platform';

/** Signals closer together than this are one Ctrl-C (the terminal's and npm's copy of it), not a second one. */
const SAME_SIGNAL_MS = 1_500;
/** Past this the shutdown is forced: whatever still runs gets SIGKILL (each stage also has its own timeout). */
const SHUTDOWN_DEADLINE_MS = 60_000;

/**
 * `npm start`: everything on one machine. The starter alone owns shutdown: its children run in their own
 * process groups, so a Ctrl-C reaches only this process, which stops them in order (gateway, services,
 * NATS, PostgreSQL). A second Ctrl-C, or the deadline, kills whatever is left.
 */
async function main() {
  const startedAt = Date.now();
  const options = platformOptionsFromEnv(process.env);
  let stopRequestedAt: number | undefined;
  const starting = startPlatform({
    ...options,
    // Services log only warnings and errors here, so the address and accounts stay the last thing on screen.
    // DEV_TOOLS: developer endpoints (/api/dev/*) on for local runs unless set otherwise; never in production.
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      DEV_TOOLS: process.env.DEV_TOOLS ?? String(process.env.NODE_ENV !== 'production'),
      // Their pretty log lines pass through a pipe: keep the colours when this is a terminal.
      ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
    },
    onStopStage: (stage) => console.log(`Stopping ${stage}...`),
  });

  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopRequestedAt !== undefined) {
      if (Date.now() - stopRequestedAt < SAME_SIGNAL_MS) return;
      console.error(`\n${signal} again: killing every process now.`);
      process.exit(130);
    }
    stopRequestedAt = Date.now();
    console.log('\nStopping (Ctrl-C again to kill at once)...');
    setTimeout(() => {
      console.error(`Shutdown took more than ${SHUTDOWN_DEADLINE_MS / 1000} s: killing every process.`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // A Ctrl-C while starting waits for the start to settle: it either gives a platform or cleans up itself.
    const platform = await starting.catch(() => undefined);
    await platform?.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

  const platform: RunningPlatform = await starting;
  if (stopRequestedAt !== undefined) return;
  console.log(
    `\nCopyTrade is running at ${platform.url}  (started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
  );
  console.log(DEV_CREDENTIALS_NOTE(process.env));
  console.log('Press Ctrl-C to stop.\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
