import { MetricsController } from '../observability/metrics.controller';
import { HealthController } from './health.controller';
import { HealthModule } from './health.module';

describe('HealthModule', () => {
  it('serves /metrics next to the probes of a backend service (its probe port is internal)', () => {
    expect(HealthModule.forService('identity').controllers).toContain(MetricsController);
  });

  it('keeps /metrics off the gateway, whose probes share its public port', () => {
    const controllers = HealthModule.forService('gateway', { withRpc: false }).controllers;
    expect(controllers).toEqual([HealthController]);
  });
});
