import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { AppConfigModule } from '../config/app-config.module';
import type { BaseServiceConfig } from '../config/base-service.config';
import { HealthModule } from '../health/health.module';
import { MessagingModule } from '../messaging';
import { structuredLoggerModule } from '../observability/logger.module';
import { ActorVerificationModule } from '../rpc/actor-verification.module';

export interface ServiceCoreOptions {
  service: string;
  schema: string;
  config: BaseServiceConfig;
  dataSourceOptions: DataSourceOptions;
}

/**
 * What every backend service is built on: config, logs, its database schema, JetStream with outbox, probes, and the
 * verification of the gateway's signature over every RPC's actor.
 */
export function serviceCoreImports({
  service,
  schema,
  config,
  dataSourceOptions,
}: ServiceCoreOptions): DynamicModule[] {
  return [
    AppConfigModule.forRoot(config),
    structuredLoggerModule(service, config.LOG_LEVEL),
    TypeOrmModule.forRoot(dataSourceOptions),
    MessagingModule.forRoot({
      producer: service,
      schema,
      natsUrl: config.natsAddress,
      stream: { replicas: config.JETSTREAM_REPLICAS, maxBytes: config.EVENTS_STREAM_MAX_BYTES },
      relay: { maxAttempts: config.OUTBOX_MAX_ATTEMPTS },
      retention: {
        outboxRetentionMs: config.OUTBOX_RETENTION_HOURS * 3_600_000,
        inboxRetentionMs: config.INBOX_RETENTION_HOURS * 3_600_000,
      },
    }),
    HealthModule.forService(service),
    ActorVerificationModule.forRoot(config.ACTOR_SIGNING_PUBLIC_KEY),
  ];
}
