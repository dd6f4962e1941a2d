import { serviceDataSourceOptions } from '@copytrade/nest';
import { SubscriptionEntity } from '../modules/sidebar/entities/subscription.entity';
import { TraceEntity } from '../modules/sidebar/entities/trace.entity';
import { CreateTracesSchema1763780200000 } from './migrations/1763780200000-CreateTracesSchema';
import { TracesMessagingOrdering1795500000000 } from './migrations/1795500000000-TracesMessagingOrdering';

export const TRACES_SCHEMA = 'traces';

export function tracesDataSourceOptions(databaseUrl: string) {
  return {
    ...serviceDataSourceOptions({
      url: databaseUrl,
      schema: TRACES_SCHEMA,
      entities: [TraceEntity, SubscriptionEntity],
      migrations: [CreateTracesSchema1763780200000, TracesMessagingOrdering1795500000000],
    }),
    url: databaseUrl,
    schema: TRACES_SCHEMA,
  };
}
