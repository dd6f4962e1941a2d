import { serviceDataSourceOptions } from '@copytrade/nest';
import { TRACES_ENTITIES } from '../modules/shared/entities';
import { CreateTracesSchema1763780200000 } from './migrations/1763780200000-CreateTracesSchema';
import { TracesMessagingOrdering1795500000000 } from './migrations/1795500000000-TracesMessagingOrdering';
import { TracesDiscoveryTiersTrades1795600000000 } from './migrations/1795600000000-TracesDiscoveryTiersTrades';
import { OwnerTrades1795700000000 } from './migrations/1795700000000-OwnerTrades';
import { OwnerProfile1795700100000 } from './migrations/1795700100000-OwnerProfile';
import { OwnerSells1795700200000 } from './migrations/1795700200000-OwnerSells';
import { OwnerSellOutcomes1795700300000 } from './migrations/1795700300000-OwnerSellOutcomes';
import { NormaliseTraceNames1796930000000 } from './migrations/1796930000000-NormaliseTraceNames';
import { CopyCountsAndFollowerResults1797220000000 } from './migrations/1797220000000-CopyCountsAndFollowerResults';

export const TRACES_SCHEMA = 'traces';

export function tracesDataSourceOptions(databaseUrl: string) {
  return {
    ...serviceDataSourceOptions({
      url: databaseUrl,
      schema: TRACES_SCHEMA,
      entities: TRACES_ENTITIES,
      migrations: [
        CreateTracesSchema1763780200000,
        TracesMessagingOrdering1795500000000,
        TracesDiscoveryTiersTrades1795600000000,
        OwnerTrades1795700000000,
        OwnerProfile1795700100000,
        OwnerSells1795700200000,
        OwnerSellOutcomes1795700300000,
        NormaliseTraceNames1796930000000,
        CopyCountsAndFollowerResults1797220000000,
      ],
    }),
    url: databaseUrl,
    schema: TRACES_SCHEMA,
  };
}
