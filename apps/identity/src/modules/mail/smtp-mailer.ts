import { Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer';

/** Mail through the SMTP server of SMTP_URL (nodemailer, pooled connections). */
export class SmtpMailer implements Mailer {
  private readonly logger = new Logger(SmtpMailer.name);
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    url.searchParams.set('pool', 'true');
    this.transport = createTransport(url.toString());
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
    });
    this.logger.log({ subject: mail.subject }, 'Mail sent');
  }

  close(): void {
    this.transport.close();
  }
}
