import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AppConfigModule, HealthModule, structuredLoggerModule } from '@copytrade/nest';
import { GatewayConfig } from './config/gateway.config';
import { AuthModule } from './modules/auth/auth.module';
import { CsrfModule } from './modules/csrf/csrf.module';
import { HttpErrorFilter } from './modules/errors/http-error.filter';
import { GatewayMaintenanceModule } from './modules/maintenance/maintenance.module';
import { NotFoundModule } from './modules/not-found/not-found.module';
import { NatsConnectionModule } from './modules/rpc/nats-connection.module';
import { RpcModule } from './modules/rpc/rpc.module';
import { TracesModule } from './modules/traces/traces.module';
import { GatewayAdminTracesModule } from './modules/admin-traces/admin-traces.module';
import { GatewayAdminTradesModule } from './modules/admin-trades/admin-trades.module';
import { GatewayAdminBrokerageModule } from './modules/admin-brokerage/admin-brokerage.module';
import { GatewayAdminUsersModule } from './modules/admin-users/admin-users.module';
import { AdminFeedbackModule } from './modules/admin-feedback/admin-feedback.module';
import { GatewayAdminAuditModule } from './modules/admin-audit/admin-audit.module';
import { InvestorStatsModule } from './modules/investor-stats/investor-stats.module';
import { GatewayBetaModule } from './modules/beta/beta.module';
import { DebugModule } from './modules/debug/debug.module';
import { DevModule } from './modules/dev/dev.module';
import { GatewayFeedbackModule } from './modules/feedback/feedback.module';
import { GatewayOnboardingModule } from './modules/onboarding/onboarding.module';
import { GatewayPasswordResetModule } from './modules/password-reset/password-reset.module';
import { GatewaySettingsModule } from './modules/settings/settings.module';
import { GatewayNotificationsModule } from './modules/notifications/notifications.module';
import { GatewayCopyGuardsModule } from './modules/copy-guards/copy-guards.module';
import { GatewaySignupModule } from './modules/signup/signup.module';
import { BrokerageModule } from './modules/brokerage/brokerage.module';
import { GatewayCopiesModule } from './modules/copies/copies.module';
import { MyCopiesModule } from './modules/my-copies/my-copies.module';
import { TradingTerminalModule } from './modules/trading-terminal/trading-terminal.module';
import { DevMarketModule } from './modules/dev-market/dev-market.module';
import { GatewayPaperModule } from './modules/paper/paper.module';
import { TraceOwnerModule } from './modules/trace-owner/trace-owner.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { LiveEventsModule } from './modules/live-events/live-events.module';
import { ReadCacheModule } from './modules/read-cache/read-cache.module';

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
        GatewayMaintenanceModule,
        // Polled by every follower (every 30 s, and at once on each live push): their routes come first, so Express
        // reaches them before testing the hundred routes registered after them.
        TradingTerminalModule,
        MyCopiesModule,
        TracesModule,
        TraceOwnerModule,
        GatewayAdminTracesModule,
        GatewayAdminTradesModule,
        GatewayAdminBrokerageModule,
        GatewayAdminUsersModule,
        AdminFeedbackModule,
        GatewayAdminAuditModule,
        InvestorStatsModule,
        GatewayBetaModule,
        GatewaySignupModule,
        GatewayPasswordResetModule,
        GatewayOnboardingModule,
        GatewaySettingsModule,
        GatewayNotificationsModule,
        GatewayCopyGuardsModule,
        GatewayFeedbackModule,
        DebugModule,
        // Developer endpoints (/api/dev/*) exist only with DEV_TOOLS=true (never in production): otherwise 404.
        ...(config.DEV_TOOLS ? [DevModule] : []),
        BrokerageModule,
        GatewayCopiesModule,
        GatewayPaperModule,
        WebhooksModule,
        LiveEventsModule,
        ReadCacheModule,
        // Paper-market controls (/api/dev/market/*, /api/dev/paper/orders): DEV_TOOLS=true only, too.
        ...(config.DEV_TOOLS ? [DevMarketModule] : []),
        // Must stay last: it claims every /api path the modules above did not.
        NotFoundModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }],
    };
  }
}
