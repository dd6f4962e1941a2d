import { resolve } from 'node:path';
import { ensureDatabase, startEmbeddedPostgres } from './embedded-postgres';
import { randomNatsPasswords, renderNatsAuthorization } from '../nats-auth/nats-auth-config';
import type { NatsApp } from '../nats-auth/app-permissions';
import { findNatsServer, NATS_INSTALL_HINT, startNatsServer } from './nats-server';
import { runAllMigrations } from './migrations';
import { BACKEND_SERVICES, spawnApp, stopProcesses, type ServiceProcess } from './services';
import { waitForHttpOk } from './wait-for';

const GATEWAY_STOP_GRACE_MS = 10_000;

export interface PlatformOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  natsUrl?: string;
  embeddedPostgresPort: number;
  embeddedNatsPort: number;
  /** Write the services' logs to files in this folder instead of the terminal (tests). */
  logDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Told the name of each stage as the shutdown reaches it (`npm start` prints them). */
  onStopStage?: (stage: string) => void;
}

export interface RunningPlatform {
  url: string;
  databaseUrl: string;
  natsUrl: string;
  /** Starts one more gateway replica on `port` (same NATS and services); stopped with the platform. */
  addGatewayReplica(port: number): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Brings the whole product up on one machine: PostgreSQL (DATABASE_URL or embedded), NATS (NATS_URL or a
 * nats-server on PATH), migrations, every service as its own process, then the gateway with the web app.
 */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  // Stopped in the reverse order of start: gateway, services, NATS, PostgreSQL, each waited for (with its
  // own hard timeout and SIGKILL) before the next, so no service loses its database or NATS while stopping.
  const cleanups: { stage: string; run: () => Promise<void> }[] = [];
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      for (const { stage, run } of [...cleanups].reverse()) {
        options.onStopStage?.(stage);
        await run().catch((error: unknown) => console.error(error));
      }
    })());
  try {
    const dataDir = resolve(options.dataDir);
    let databaseUrl = options.databaseUrl;
    if (databaseUrl) {
      await ensureDatabase(withDatabase(databaseUrl, 'postgres'), new URL(databaseUrl).pathname.slice(1) || 'postgres');
    } else {
      const postgres = await startEmbeddedPostgres(dataDir, options.embeddedPostgresPort, 'copytrade');
      cleanups.push({ stage: 'PostgreSQL', run: postgres.stop });
      databaseUrl = postgres.url;
    }

    let natsUrl = options.natsUrl;
    // The NATS server started here requires each app's own user (docs/security.md); one given by NATS_URL is used as
    // it is (anonymously, unless NATS_USER / NATS_PASSWORD are in the environment).
    let natsCredentials: (app: NatsApp) => NodeJS.ProcessEnv = () => ({});
    if (!natsUrl) {
      const binary = findNatsServer();
      if (!binary) throw new Error(NATS_INSTALL_HINT);
      const passwords = randomNatsPasswords();
      const authorization = renderNatsAuthorization((app) => ({ value: passwords[app] }));
      const nats = await startNatsServer(binary, dataDir, options.embeddedNatsPort, authorization);
      natsCredentials = (app) => ({ NATS_USER: app, NATS_PASSWORD: passwords[app] });
      cleanups.push({ stage: 'NATS', run: nats.stop });
      natsUrl = nats.url;
    }

    await runAllMigrations(databaseUrl);

    // PUBLIC_URL (the paper portal's address) follows the gateway's port unless set explicitly.
    const baseEnv = {
      PUBLIC_URL: `http://localhost:${options.port}`,
      ...process.env,
      ...options.env,
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
    };
    const services: ServiceProcess[] = [];
    cleanups.push({ stage: 'services', run: () => stopProcesses(services) });
    const healthPorts = BACKEND_SERVICES.map((_, index) => options.port + 1 + index);
    BACKEND_SERVICES.forEach((service, index) =>
      services.push(
        spawnApp(
          service,
          'main.js',
          { ...baseEnv, ...natsCredentials(service), HEALTH_PORT: String(healthPorts[index]) },
          options.logDir,
        ),
      ),
    );
    // The gateways stop first: no new request reaches a service that is stopping.
    const gateways: ServiceProcess[] = [];
    cleanups.push({ stage: 'gateway', run: () => stopProcesses(gateways, GATEWAY_STOP_GRACE_MS) });
    const gatewayEnv = { ...baseEnv, ...natsCredentials('gateway') };
    gateways.push(spawnApp('gateway', 'main.js', { ...gatewayEnv, PORT: String(options.port) }, options.logDir));
    reportUnexpectedExit([...services, ...gateways]);

    // A process that dies while starting fails the start at once instead of after the readiness timeout.
    const died = firstExit([...services, ...gateways]);
    await Promise.race([
      died,
      Promise.all([
        ...healthPorts.map((port) => waitForHttpOk(`http://127.0.0.1:${port}/ready`, 60_000)),
        waitForHttpOk(`http://127.0.0.1:${options.port}/ready`, 60_000),
      ]),
    ]);
    const addGatewayReplica = async (port: number) => {
      const replica = spawnApp('gateway', 'main.js', { ...gatewayEnv, PORT: String(port) }, options.logDir);
      gateways.push(replica);
      reportUnexpectedExit([replica]);
      await waitForHttpOk(`http://127.0.0.1:${port}/ready`, 60_000);
      return `http://localhost:${port}`;
    };
    return { url: `http://localhost:${options.port}`, databaseUrl, natsUrl, addGatewayReplica, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function firstExit(processes: ServiceProcess[]): Promise<never> {
  const died = new Promise<never>((_, reject) => {
    for (const { name, child } of processes) {
      child.once('exit', (code, signal) =>
        reject(new Error(`${name} exited while starting (code ${code}, signal ${signal})`)),
      );
    }
  });
  died.catch(() => undefined);
  return died;
}

/** A service that dies on its own says so (stopping it sends SIGTERM; SIGKILL is our timeout, reported too). */
function reportUnexpectedExit(processes: ServiceProcess[]): void {
  for (const { name, child } of processes) {
    child.once('exit', (code, signal) => {
      if (signal === 'SIGTERM' || code === 0) return;
      console.error(`[start] ${name} exited (code ${code}, signal ${signal})`);
    });
  }
}
