export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (the notification e-mails). */
  html?: string;
  /** Extra headers, such as List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/** Sends one e-mail. SMTP in production; the development mailbox elsewhere when SMTP_URL is not set. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export const MAILER = Symbol('MAILER');
