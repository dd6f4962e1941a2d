import { DynamicModule, Module } from '@nestjs/common';
import { MetricsController } from '../observability/metrics.controller';
import { createHealthRpcController, HealthController } from './health.controller';
import { ReadinessService } from './readiness.service';
import { SERVICE_NAME } from './service-name.token';

@Module({})
export class HealthModule {
  /**
   * `withRpc` adds the NATS health handler (backend services); the gateway uses only the HTTP probes.
   * `withMetrics` serves Prometheus `/metrics` next to the probes (backend services: the probe port is internal);
   * the gateway's probes share its public port, so it serves metrics on a port of its own (serveMetrics).
   */
  static forService(
    service: string,
    { withRpc = true, withMetrics = withRpc }: { withRpc?: boolean; withMetrics?: boolean } = {},
  ): DynamicModule {
    return {
      module: HealthModule,
      controllers: [
        HealthController,
        ...(withRpc ? [createHealthRpcController(service)] : []),
        ...(withMetrics ? [MetricsController] : []),
      ],
      providers: [ReadinessService, { provide: SERVICE_NAME, useValue: service }],
      exports: [ReadinessService],
    };
  }
}
