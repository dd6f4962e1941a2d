import { serviceDataSourceOptions } from '@copytrade/nest';
import { SessionEntity } from '../modules/sessions/entities/session.entity';
import { UserEntity } from '../modules/users/entities/user.entity';
import { CreateIdentitySchema1763780000000 } from './migrations/1763780000000-CreateIdentitySchema';
import { BetaCodeEntity } from '../modules/beta/entities/beta-code.entity';
import { BetaRequestEntity } from '../modules/beta/entities/beta-request.entity';
import { IdentitySettingEntity } from '../modules/beta/entities/identity-setting.entity';
import { DevMailEntity } from '../modules/mail/entities/dev-mail.entity';
import { PasswordResetEntity } from '../modules/password-reset/entities/password-reset.entity';
import { NotificationPreferencesEntity } from '../modules/settings/entities/notification-preferences.entity';
import { AddBetaAccess1795315000000 } from './migrations/1795315000000-AddBetaAccess';
import { AddSignupProfile1795315100000 } from './migrations/1795315100000-AddSignupProfile';
import { AddPasswordResets1795315200000 } from './migrations/1795315200000-AddPasswordResets';
import { AddNotificationPreferences1795315300000 } from './migrations/1795315300000-AddNotificationPreferences';
import { AddDevMailbox1795315400000 } from './migrations/1795315400000-AddDevMailbox';
import { AddBrokerageLink1795315534596 } from './migrations/1795315534596-AddBrokerageLink';
import { IdentityMessagingOrdering1795500000000 } from './migrations/1795500000000-IdentityMessagingOrdering';
import { AddCloseAutoCopiesOnTraderSell1795810000000 } from './migrations/1795810000000-AddCloseAutoCopiesOnTraderSell';
import { PasswordResetRequests1796940000000 } from './migrations/1796940000000-PasswordResetRequests';
import { AddNotifications1797100000000 } from './migrations/1797100000000-AddNotifications';
import { AddNotificationSharedTrades1797110000000 } from './migrations/1797110000000-AddNotificationSharedTrades';
import { NotificationEmails1797100000100 } from './migrations/1797100000100-NotificationEmails';
import { NotificationEntity } from '../modules/notifications/entities/notification.entity';
import { OwnerNotificationPreferencesEntity } from '../modules/settings/entities/owner-notification-preferences.entity';
import { NotificationEmailOptOutEntity } from '../modules/notification-emails/entities/notification-email-opt-out.entity';

export const IDENTITY_SCHEMA = 'identity';

export function identityDataSourceOptions(databaseUrl: string) {
  return {
    ...serviceDataSourceOptions({
      url: databaseUrl,
      schema: IDENTITY_SCHEMA,
      entities: [
        UserEntity,
        SessionEntity,
        BetaRequestEntity,
        BetaCodeEntity,
        IdentitySettingEntity,
        PasswordResetEntity,
        NotificationPreferencesEntity,
        DevMailEntity,
        NotificationEntity,
        OwnerNotificationPreferencesEntity,
        NotificationEmailOptOutEntity,
      ],
      migrations: [
        CreateIdentitySchema1763780000000,
        AddBetaAccess1795315000000,
        AddSignupProfile1795315100000,
        AddPasswordResets1795315200000,
        AddNotificationPreferences1795315300000,
        AddDevMailbox1795315400000,
        AddBrokerageLink1795315534596,
        IdentityMessagingOrdering1795500000000,
        AddCloseAutoCopiesOnTraderSell1795810000000,
        PasswordResetRequests1796940000000,
        AddNotifications1797100000000,
        NotificationEmails1797100000100,
        AddNotificationSharedTrades1797110000000,
      ],
    }),
    url: databaseUrl,
    schema: IDENTITY_SCHEMA,
  };
}
