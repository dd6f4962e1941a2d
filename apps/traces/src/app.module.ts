import { DynamicModule, Module } from '@nestjs/common';
import { serviceCoreImports } from '@copytrade/nest';
import { TracesConfig } from './config/traces.config';
import { TRACES_SCHEMA, tracesDataSourceOptions } from './database/data-source';
import { TracesAdminTracesModule } from './modules/admin-traces/admin-traces.module';
import { TracesAdminTradesModule } from './modules/admin-trades/admin-trades.module';
import { CopyCountsModule } from './modules/copy-counts/copy-counts.module';
import { CopyEligibilityModule } from './modules/copy-eligibility/copy-eligibility.module';
import { BrokerageSyncTriggersModule } from './modules/brokerage-sync-triggers/brokerage-sync-triggers.module';
import { DemoDataModule } from './modules/demo-data/demo-data.module';
import { DiscoveryModule } from './modules/discovery/discovery.module';
import { FollowerResultsModule } from './modules/follower-results/follower-results.module';
import { TracesOnboardingModule } from './modules/onboarding/onboarding.module';
import { OwnerProfileModule } from './modules/owner-profile/owner-profile.module';
import { OwnerSellModule } from './modules/owner-sell/owner-sell.module';
import { OwnerTradesModule } from './modules/owner-trades/owner-trades.module';
import { SidebarModule } from './modules/sidebar/sidebar.module';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { TracesChangesModule } from './modules/traces-changes/traces-changes.module';
import { TradeAudienceModule } from './modules/trade-audience/trade-audience.module';
import { LiveTradesModule } from './modules/live-trades/live-trades.module';

@Module({})
export class TracesAppModule {
  static register(config: TracesConfig): DynamicModule {
    return {
      module: TracesAppModule,
      imports: [
        ...serviceCoreImports({
          service: 'traces',
          schema: TRACES_SCHEMA,
          config,
          dataSourceOptions: tracesDataSourceOptions(config.DATABASE_URL),
        }),
        TracesChangesModule,
        SidebarModule,
        DiscoveryModule,
        SubscriptionsModule,
        TracesOnboardingModule,
        TracesAdminTracesModule,
        TracesAdminTradesModule,
        OwnerProfileModule,
        OwnerTradesModule,
        OwnerSellModule,
        BrokerageSyncTriggersModule,
        DemoDataModule,
        CopyEligibilityModule,
        TradeAudienceModule,
        LiveTradesModule,
        CopyCountsModule,
        FollowerResultsModule,
      ],
    };
  }
}
