import { serviceDataSourceOptions } from '@copytrade/nest';
import { AdminAuditLogEntity } from '../modules/audit/entities/admin-audit-log.entity';
import { FeedbackEntity } from '../modules/feedback/entities/feedback.entity';
import { PlatformSettingEntity } from '../modules/maintenance/entities/platform-setting.entity';
import { CreateAdminSchema1763780100000 } from './migrations/1763780100000-CreateAdminSchema';
import { CreateFeedback1795315500000 } from './migrations/1795315500000-CreateFeedback';
import { AdminMessagingOrdering1795500000000 } from './migrations/1795500000000-AdminMessagingOrdering';
import { AdminAuditTarget1796000000000 } from './migrations/1796000000000-AdminAuditTarget';

export const ADMIN_SCHEMA = 'admin';

export function adminDataSourceOptions(databaseUrl: string) {
  return {
    ...serviceDataSourceOptions({
      url: databaseUrl,
      schema: ADMIN_SCHEMA,
      entities: [PlatformSettingEntity, AdminAuditLogEntity, FeedbackEntity],
      migrations: [
        CreateAdminSchema1763780100000,
        CreateFeedback1795315500000,
        AdminMessagingOrdering1795500000000,
        AdminAuditTarget1796000000000,
      ],
    }),
    url: databaseUrl,
    schema: ADMIN_SCHEMA,
  };
}
