import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

export interface ServiceDatabaseOptions {
  url: string;
  /** The service's own schema: no service reads or writes another's. */
  schema: string;
  entities: MixedList<Function | string | EntitySchema>;
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/** TypeORM options every service uses: its own schema, migrations never run at boot, never synchronize. */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    // TypeORM's own logger would print a failed query with its parameters (user ids, e-mails): errors reach the
    // service's logger instead, which redacts them (observability/error-serializer.ts).
    logging: false,
    extra: { max: options.poolSize ?? 10 },
    applicationName: `copytrade-${options.schema}`,
  };
}
