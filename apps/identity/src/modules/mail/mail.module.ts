import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IdentityConfig } from '../../config/identity.config';
import { DevMailbox } from './dev-mailbox';
import { DevMailController } from './dev-mail.controller';
import { MAILER, type Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set; otherwise the development mailbox (the config refuses that in production). */
function chooseMailer(config: IdentityConfig, mailbox: DevMailbox): Mailer {
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  if (config.isProduction) throw new Error('SMTP_URL must be set in production');
  return mailbox;
}

@Global()
@Module({
  controllers: [DevMailController],
  providers: [
    { provide: DevMailbox, inject: [DataSource], useFactory: (dataSource: DataSource) => new DevMailbox(dataSource) },
    { provide: MAILER, inject: [IdentityConfig, DevMailbox], useFactory: chooseMailer },
  ],
  exports: [MAILER],
})
export class MailModule implements OnApplicationShutdown {
  constructor(@Inject(MAILER) private readonly mailer: Mailer) {}

  onApplicationShutdown(): void {
    if (this.mailer instanceof SmtpMailer) this.mailer.close();
  }
}
