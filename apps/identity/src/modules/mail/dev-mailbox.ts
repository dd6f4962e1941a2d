import { Logger } from '@nestjs/common';
import type { DevMailView } from '@copytrade/contracts';
import type { DataSource } from 'typeorm';
import { DevMailEntity } from './entities/dev-mail.entity';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * Outside production without SMTP_URL, mail is kept in identity.dev_mail (so it survives restarts and the
 * API can show it) instead of being sent. Bounded: only the newest mails are kept.
 */
export class DevMailbox implements Mailer {
  static readonly capacity = 500;
  static readonly listLimit = 100;
  private readonly logger = new Logger(DevMailbox.name);

  constructor(private readonly dataSource: DataSource) {}

  async send(mail: OutgoingMail): Promise<void> {
    await this.dataSource.getRepository(DevMailEntity).insert({
      toAddress: mail.to.toLowerCase(),
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      headers: mail.headers ?? {},
    });
    await this.dataSource.query(
      `DELETE FROM identity.dev_mail WHERE id IN (SELECT id FROM identity.dev_mail ORDER BY sent_at DESC OFFSET $1)`,
      [DevMailbox.capacity],
    );
    this.logger.log({ subject: mail.subject }, 'Mail kept in the development mailbox');
  }

  /** Newest first; only the given address's when `to` is set. */
  async list(to: string | undefined): Promise<DevMailView[]> {
    const mails = await this.dataSource.getRepository(DevMailEntity).find({
      where: to ? { toAddress: to.trim().toLowerCase() } : {},
      order: { sentAt: 'DESC' },
      take: DevMailbox.listLimit,
    });
    return mails.map((mail) => ({
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      sentAt: mail.sentAt.toISOString(),
    }));
  }
}
