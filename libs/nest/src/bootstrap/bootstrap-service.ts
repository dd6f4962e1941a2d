import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { RpcErrorFilter } from '../errors/rpc-exception.filter';
import { initMetrics } from '../observability/metrics';
import { RpcMetricsInterceptor } from '../observability/metrics.interceptor';
import type { NatsTarget } from '../messaging/nats-address';
import { natsRpcServerOptions } from '../rpc/nats-transport.options';
import { rpcValidationPipe } from './rpc-validation.pipe';

export interface ServiceBootstrapOptions {
  service: string;
  /** The service's NATS address (`config.natsAddress`: with its credentials when configured). */
  natsUrl: NatsTarget;
  healthPort: number;
  host?: string;
}

/**
 * Creates a backend service: NATS request/reply handlers in the service's queue group, plus an HTTP
 * listener for the Kubernetes probes. Handlers' class-typed payloads are validated (the microservice inherits
 * the global pipe, filter and RPC timing). Metrics carry the service's label. Shutdown hooks drain NATS and close the pool on SIGTERM.
 */
export async function createServiceApp(module: unknown, options: ServiceBootstrapOptions): Promise<INestApplication> {
  initMetrics(options.service);
  const app = await NestFactory.create(module as never, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.useGlobalFilters(new RpcErrorFilter());
  app.useGlobalPipes(rpcValidationPipe());
  app.useGlobalInterceptors(new RpcMetricsInterceptor());
  app.connectMicroservice(natsRpcServerOptions(options.natsUrl, options.service), { inheritAppConfig: true });
  app.enableShutdownHooks();
  await app.startAllMicroservices();
  await app.listen(options.healthPort, options.host ?? '0.0.0.0');
  return app;
}
