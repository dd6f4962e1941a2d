import { DynamicModule, Module } from '@nestjs/common';
import { createHealthRpcController, HealthController } from './health.controller';
import { ReadinessService } from './readiness.service';
import { SERVICE_NAME } from './service-name.token';

@Module({})
export class HealthModule {
  /** `withRpc` adds the NATS health handler (backend services); the gateway uses only the HTTP probes. */
  static forService(service: string, { withRpc = true }: { withRpc?: boolean } = {}): DynamicModule {
    return {
      module: HealthModule,
      controllers: withRpc ? [HealthController, createHealthRpcController(service)] : [HealthController],
      providers: [ReadinessService, { provide: SERVICE_NAME, useValue: service }],
      exports: [ReadinessService],
    };
  }
}
