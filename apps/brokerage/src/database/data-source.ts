import { serviceDataSourceOptions } from '@copytrade/nest';
import { CreateBrokerageSchema1763780300000 } from './migrations/1763780300000-CreateBrokerageSchema';

export const BROKERAGE_SCHEMA = 'brokerage';

export function brokerageDataSourceOptions(databaseUrl: string) {
  return {
    ...serviceDataSourceOptions({ url: databaseUrl, schema: BROKERAGE_SCHEMA, entities: [], migrations: [CreateBrokerageSchema1763780300000] }),
    url: databaseUrl,
    schema: BROKERAGE_SCHEMA,
  };
}
