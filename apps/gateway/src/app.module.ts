import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AppConfigModule, HealthModule, structuredLoggerModule } from '@copytrade/nest';
import { GatewayConfig } from './config/gateway.config';
import { AuthModule } from './modules/auth/auth.module';
import { CsrfModule } from './modules/csrf/csrf.module';
import { HttpErrorFilter } from './modules/errors/http-error.filter';
import { MaintenanceModule } from './modules/maintenance/maintenance.module';
import { NotFoundModule } from './modules/not-found/not-found.module';
import { NatsConnectionModule } from './modules/rpc/nats-connection.module';
import { RpcModule } from './modules/rpc/rpc.module';
import { TracesModule } from './modules/traces/traces.module';

@Module({})
export class GatewayAppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayAppModule,
      imports: [
        AppConfigModule.forRoot(config),
        structuredLoggerModule('gateway', config.LOG_LEVEL),
        NatsConnectionModule,
        RpcModule,
        HealthModule.forService('gateway', { withRpc: false }),
        CsrfModule,
        AuthModule,
        MaintenanceModule,
        TracesModule,
        // Must stay last: it claims every /api path the modules above did not.
        NotFoundModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }],
    };
  }
}
