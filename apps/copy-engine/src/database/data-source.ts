import { serviceDataSourceOptions } from '@copytrade/nest';
import { CreateCopyEngineSchema1763780400000 } from './migrations/1763780400000-CreateCopyEngineSchema';

export const COPY_ENGINE_SCHEMA = 'copy_engine';

export function copyEngineDataSourceOptions(databaseUrl: string) {
  return {
    ...serviceDataSourceOptions({
      url: databaseUrl,
      schema: COPY_ENGINE_SCHEMA,
      entities: [],
      migrations: [CreateCopyEngineSchema1763780400000],
    }),
    url: databaseUrl,
    schema: COPY_ENGINE_SCHEMA,
  };
}
