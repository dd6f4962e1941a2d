import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { RpcActor } from '@copytrade/contracts';
import { loadConfig, runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase, natsUrl, type TestDatabase } from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { BrokerageAppModule } from '../../src/app.module';
import { BrokerageConfig } from '../../src/config/brokerage.config';
import { brokerageDataSourceOptions } from '../../src/database/data-source';
import { ConnectionsController } from '../../src/modules/connections/connections.controller';
import { PaperPortalService } from '../../src/modules/paper/paper-portal.service';
import { SyncBrokerageLinkUseCase } from '../../src/modules/connections/use-cases/sync-brokerage-link.use-case';

export interface BrokerageTestApp {
  app: INestApplication;
  dataSource: DataSource;
  config: BrokerageConfig;
  close(): Promise<void>;
}

/** The brokerage service on a fresh database with its real migrations (NATS for its outbox relay; its own stream subjects). */
export async function startBrokerageApp(label: string, env: Record<string, string> = {}): Promise<BrokerageTestApp> {
  const database: TestDatabase = await createTestDatabase(label);
  await runServiceMigrations(brokerageDataSourceOptions(database.url));
  const running = await startOn(database, env);
  return {
    ...running,
    close: async () => {
      await running.close();
      await database.drop();
    },
  };
}

/** A service that can be stopped and started again on the same database, as a deployment restarts it. */
export interface RestartableBrokerageApp {
  current(): BrokerageTestApp;
  /** Stops the service (its in-memory state is gone) and starts a new one on the same database. */
  restart(): Promise<BrokerageTestApp>;
  close(): Promise<void>;
}

export async function startRestartableBrokerageApp(
  label: string,
  env: Record<string, string> = {},
): Promise<RestartableBrokerageApp> {
  const database: TestDatabase = await createTestDatabase(label);
  await runServiceMigrations(brokerageDataSourceOptions(database.url));
  let running = await startOn(database, env);
  return {
    current: () => running,
    restart: async () => {
      await running.close();
      running = await startOn(database, env);
      return running;
    },
    close: async () => {
      await running.close();
      await database.drop();
    },
  };
}

/** One more replica of the service on an existing database (several replicas sharing one database). */
export async function startOn(database: TestDatabase, env: Record<string, string>): Promise<BrokerageTestApp> {
  const config = loadConfig(BrokerageConfig, {
    DATABASE_URL: database.url,
    NATS_URL: await natsUrl(),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const moduleRef = await Test.createTestingModule({ imports: [BrokerageAppModule.register(config)] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return { app, dataSource: app.get(DataSource), config, close: () => app.close() };
}

export const actorOf = (userId: string): RpcActor => ({ userId, isAdmin: false });

/** Registers a user and connects the paper brokerage through its portal, as the web app's popup would. */
export async function connectPaperUser(
  app: INestApplication,
  userId: string,
): Promise<{ accountIds: string[]; connectionId: string }> {
  const connections = app.get(ConnectionsController);
  const actor = actorOf(userId);
  await connections.registerUser({ requestId: `register-${userId}`, actor, payload: { userId } });
  const { connectionUrl } = await connections.connectionPortal({
    requestId: 'portal',
    actor,
    payload: { userId, customRedirect: '/dashboard' },
  });
  const sessionId = connectionUrl.split('/').pop()!;
  const { connectionId } = await app.get(PaperPortalService).connect(sessionId, userId);
  const link = await app.get(SyncBrokerageLinkUseCase).execute(userId, 'connect');
  return { accountIds: link.activeAccountIds, connectionId };
}
