import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { startCopyEngine, type CopyEngineUnderTest } from './copy-engine-under-test';

/** What a suite's hooks started: the copy engine, its database, and a NATS connection to publish with. */
export interface CopyEngineSuite {
  engine: CopyEngineUnderTest;
  app: INestApplication;
  dataSource: DataSource;
  nc: NatsConnection;
}

/**
 * A suite's copy engine: started before its tests on its own database with these stand-ins and settings, with a NATS
 * connection to its private server, and stopped after them. The fields are filled in by the time the tests run.
 */
export function useCopyEngineSuite(
  database: string,
  standIns: Parameters<typeof startCopyEngine>[1],
  env: Record<string, string>,
): CopyEngineSuite {
  const suite = {} as CopyEngineSuite;
  beforeAll(async () => {
    suite.engine = await startCopyEngine(database, standIns, env);
    suite.app = suite.engine.app;
    suite.dataSource = suite.engine.dataSource;
    suite.nc = await connect({ servers: suite.engine.nats.url });
  }, 90_000);
  afterAll(async () => {
    await suite.nc?.close();
    await suite.engine?.stop();
  });
  return suite;
}
