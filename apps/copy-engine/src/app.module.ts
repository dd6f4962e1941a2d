import { DynamicModule, Module } from '@nestjs/common';
import { serviceCoreImports } from '@copytrade/nest';
import { CopyEngineConfig } from './config/copy-engine.config';
import { COPY_ENGINE_SCHEMA, copyEngineDataSourceOptions } from './database/data-source';
import { AdminCopiesModule } from './modules/admin-copies/admin-copies.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { AutoCopyModule } from './modules/auto-copy/auto-copy.module';
import { CopiesModule } from './modules/copies/copies.module';
import { CopyGuardsModule } from './modules/copy-guards/copy-guards.module';
import { CopyStopLossModule } from './modules/copy-stop-loss/copy-stop-loss.module';
import { FollowerResultsComputationModule } from './modules/follower-results/follower-results.module';
import { FollowerSettingsModule } from './modules/follower-settings/follower-settings.module';
import { LivePositionsModule } from './modules/live-positions/live-positions.module';
import { OpenPositionsModule } from './modules/open-positions/open-positions.module';

@Module({})
export class CopyEngineAppModule {
  static register(config: CopyEngineConfig): DynamicModule {
    return {
      module: CopyEngineAppModule,
      imports: [
        ...serviceCoreImports({
          service: 'copy-engine',
          schema: COPY_ENGINE_SCHEMA,
          config,
          dataSourceOptions: copyEngineDataSourceOptions(config.DATABASE_URL),
        }),
        CopiesModule,
        FollowerSettingsModule,
        CopyGuardsModule,
        AutoCopyModule,
        OpenPositionsModule,
        CopyStopLossModule,
        LivePositionsModule,
        AdminCopiesModule,
        AnalyticsModule,
        FollowerResultsComputationModule,
      ],
    };
  }
}
