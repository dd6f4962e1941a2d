import { Controller, Get, Inject, Res, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthPattern, type HealthReply } from '@copytrade/contracts';
import type { Response } from 'express';
import { Public } from '../http/public.decorator';
import { ReadinessService } from './readiness.service';
import { SERVICE_NAME } from './service-name.token';

/** Kubernetes probes: `/health` (liveness: the process answers) and `/ready` (database and NATS reachable). */
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: ReadinessService,
    @Inject(SERVICE_NAME) private readonly service: string,
  ) {}

  @Get('health')
  health() {
    return { status: 'ok', service: this.service };
  }

  @Get('ready')
  async ready(@Res() response: Response) {
    const report = await this.readiness.check();
    response
      .status(report.ready ? 200 : 503)
      .json({ status: report.ready ? 'ready' : 'not ready', service: this.service, ...report });
  }
}

/** The `rpc.<service>.health.check` handler; built per service because the pattern names the service. */
export function createHealthRpcController(service: string): Type<unknown> {
  @Controller()
  class HealthRpcController {
    constructor(private readonly readiness: ReadinessService) {}

    @MessagePattern(healthPattern(service))
    async check(): Promise<HealthReply> {
      const report = await this.readiness.check();
      return { service, status: 'ok', database: report.database, nats: report.nats };
    }
  }
  return HealthRpcController;
}
