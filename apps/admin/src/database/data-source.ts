import { serviceDataSourceOptions } from '@copytrade/nest';
import { AdminAuditLogEntity } from '../modules/audit/entities/admin-audit-log.entity';
import { PlatformSettingEntity } from '../modules/maintenance/entities/platform-setting.entity';
import { CreateAdminSchema1763780100000 } from './migrations/1763780100000-CreateAdminSchema';

export const ADMIN_SCHEMA = 'admin';

export function adminDataSourceOptions(databaseUrl: string) {
  return {
    ...serviceDataSourceOptions({ url: databaseUrl, schema: ADMIN_SCHEMA, entities: [PlatformSettingEntity, AdminAuditLogEntity], migrations: [CreateAdminSchema1763780100000] }),
    url: databaseUrl,
    schema: ADMIN_SCHEMA,
  };
}
