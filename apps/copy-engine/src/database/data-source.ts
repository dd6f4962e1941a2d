import { serviceDataSourceOptions } from '@copytrade/nest';
import { CreateCopyEngineSchema1763780400000 } from './migrations/1763780400000-CreateCopyEngineSchema';
import { CopyEngineMessagingOrdering1795500000000 } from './migrations/1795500000000-CopyEngineMessagingOrdering';
import { CopyInstances1795800000000 } from './migrations/1795800000000-CopyInstances';
import { CopyInstancesByTrade1796000000000 } from './migrations/1796000000000-CopyInstancesByTrade';
import { CopySells1796100000000 } from './migrations/1796100000000-CopySells';
import { AutoCopy1796200000000 } from './migrations/1796200000000-AutoCopy';
import { CopySellsSweep1796300000000 } from './migrations/1796300000000-CopySellsSweep';
import { CopyGuardSettings1796400000000 } from './migrations/1796400000000-CopyGuardSettings';
import { CopyLimits1796500000000 } from './migrations/1796500000000-CopyLimits';
import { CopyOrigin1796600000000 } from './migrations/1796600000000-CopyOrigin';
import { CopyGuardCloses1796650000000 } from './migrations/1796650000000-CopyGuardCloses';
import { CopyQueuedForOpen1796700000000 } from './migrations/1796700000000-CopyQueuedForOpen';
import { DailyLossStop1796800000000 } from './migrations/1796800000000-DailyLossStop';
import { GuardCloseRetries1796910000000 } from './migrations/1796910000000-GuardCloseRetries';
import { CopyDayMarks1796920000000 } from './migrations/1796920000000-CopyDayMarks';
import { FollowerResults1797210000000 } from './migrations/1797210000000-FollowerResults';
import { SharedTradeFanoutSettled1797400000000 } from './migrations/1797400000000-SharedTradeFanoutSettled';

export const COPY_ENGINE_SCHEMA = 'copy_engine';

export function copyEngineDataSourceOptions(databaseUrl: string) {
  return {
    ...serviceDataSourceOptions({
      url: databaseUrl,
      schema: COPY_ENGINE_SCHEMA,
      entities: [],
      migrations: [
        CreateCopyEngineSchema1763780400000,
        CopyEngineMessagingOrdering1795500000000,
        CopyInstances1795800000000,
        CopyInstancesByTrade1796000000000,
        CopySells1796100000000,
        AutoCopy1796200000000,
        CopySellsSweep1796300000000,
        CopyGuardSettings1796400000000,
        CopyLimits1796500000000,
        CopyOrigin1796600000000,
        CopyGuardCloses1796650000000,
        CopyQueuedForOpen1796700000000,
        DailyLossStop1796800000000,
        GuardCloseRetries1796910000000,
        CopyDayMarks1796920000000,
        FollowerResults1797210000000,
        SharedTradeFanoutSettled1797400000000,
      ],
    }),
    url: databaseUrl,
    schema: COPY_ENGINE_SCHEMA,
  };
}
