import type { INestApplication, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { devActorVerificationGuard, loadConfig, natsRpcServerOptions } from '@copytrade/nest';
import { createTestDatabase, startPrivateNats, type PrivateNats, type TestDatabase } from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { CopyEngineAppModule } from '../../src/app.module';
import { CopyEngineConfig } from '../../src/config/copy-engine.config';
import { runCopyEngineMigrations } from './copy-engine-migrations';

/** The real copy engine started for an integration suite, and what it stands on. */
export interface CopyEngineUnderTest {
  readonly database: TestDatabase;
  readonly nats: PrivateNats;
  readonly app: INestApplication;
  readonly dataSource: DataSource;
  /** Closes the app, the stand-ins and the nats-server, and drops the database. */
  stop(): Promise<void>;
}

/**
 * For a suite's beforeAll: a test database (`databaseLabel`) with the copy engine's real migrations, a private
 * nats-server, the suite's stand-ins for the other services (`standIns`, a Nest module of message handlers) listening
 * on it, and the copy engine's app module on both (silent, the sweeper's interval off; `env` adds or overrides
 * settings). What was started is stopped again if a later step fails.
 */
export async function startCopyEngine(
  databaseLabel: string,
  standIns: Type,
  env: Record<string, string> = {},
): Promise<CopyEngineUnderTest> {
  let database: TestDatabase | undefined;
  let nats: PrivateNats | undefined;
  let microservice: INestMicroservice | undefined;
  let app: INestApplication | undefined;
  const stop = async () => {
    await app?.close();
    await microservice?.close();
    await nats?.stop();
    await database?.drop();
  };
  try {
    database = await createTestDatabase(databaseLabel);
    await runCopyEngineMigrations(database.url);
    nats = await startPrivateNats();
    microservice = await NestFactory.createMicroservice(standIns, {
      ...natsRpcServerOptions(nats.url, 'stand-ins'),
      logger: false,
    });
    microservice.useGlobalGuards(devActorVerificationGuard());
    await microservice.listen();
    const config = loadConfig(CopyEngineConfig, {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      COPY_SWEEP_INTERVAL_MS: '0',
      ...env,
    });
    const moduleRef = await Test.createTestingModule({ imports: [CopyEngineAppModule.register(config)] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    return { database, nats, app, dataSource: app.get(DataSource), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
