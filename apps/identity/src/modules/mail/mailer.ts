export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one e-mail. SMTP in production; the development mailbox elsewhere when SMTP_URL is not set. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export const MAILER = Symbol('MAILER');
