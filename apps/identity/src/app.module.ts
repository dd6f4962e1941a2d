import { DynamicModule, Module } from '@nestjs/common';
import { serviceCoreImports } from '@copytrade/nest';
import { IdentityConfig } from './config/identity.config';
import { IDENTITY_SCHEMA, identityDataSourceOptions } from './database/data-source';
import { SessionInvalidationsModule } from './modules/sessions/session-invalidations';
import { SessionsModule } from './modules/sessions/sessions.module';
import { UsersModule } from './modules/users/users.module';
import { IdentityAdminUsersModule } from './modules/admin-users/admin-users.module';
import { BrokerageLinkModule } from './modules/brokerage-link/brokerage-link.module';
import { BetaModule } from './modules/beta/beta.module';
import { DebugLogModule } from './modules/debug-log/debug-log.module';
import { MailModule } from './modules/mail/mail.module';
import { NotificationEmailsModule } from './modules/notification-emails/notification-emails.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { OnboardingModule } from './modules/onboarding/onboarding.module';
import { PasswordResetModule } from './modules/password-reset/password-reset.module';
import { RateLimitsModule } from './modules/rate-limits/rate-limits.module';
import { SettingsModule } from './modules/settings/settings.module';
import { SignupModule } from './modules/signup/signup.module';

@Module({})
export class IdentityAppModule {
  static register(config: IdentityConfig): DynamicModule {
    return {
      module: IdentityAppModule,
      imports: [
        ...serviceCoreImports({
          service: 'identity',
          schema: IDENTITY_SCHEMA,
          config,
          dataSourceOptions: identityDataSourceOptions(config.DATABASE_URL),
        }),
        SessionInvalidationsModule,
        SessionsModule,
        UsersModule,
        IdentityAdminUsersModule,
        BrokerageLinkModule,
        RateLimitsModule,
        MailModule,
        BetaModule,
        SignupModule,
        PasswordResetModule,
        OnboardingModule,
        SettingsModule,
        NotificationEmailsModule,
        NotificationsModule,
        DebugLogModule,
      ],
    };
  }
}
