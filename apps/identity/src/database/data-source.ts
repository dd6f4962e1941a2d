import { serviceDataSourceOptions } from '@copytrade/nest';
import { SessionEntity } from '../modules/sessions/entities/session.entity';
import { UserEntity } from '../modules/users/entities/user.entity';
import { CreateIdentitySchema1763780000000 } from './migrations/1763780000000-CreateIdentitySchema';

export const IDENTITY_SCHEMA = 'identity';

export function identityDataSourceOptions(databaseUrl: string) {
  return {
    ...serviceDataSourceOptions({
      url: databaseUrl,
      schema: IDENTITY_SCHEMA,
      entities: [UserEntity, SessionEntity],
      migrations: [CreateIdentitySchema1763780000000],
    }),
    url: databaseUrl,
    schema: IDENTITY_SCHEMA,
  };
}
