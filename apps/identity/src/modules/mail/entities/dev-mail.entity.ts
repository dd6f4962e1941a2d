import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A mail the development mailbox received instead of SMTP (never used in production). */
@Entity({ name: 'dev_mail' })
export class DevMailEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'to_address', type: 'text' })
  toAddress: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  text: string;

  /** The HTML alternative, when the mail had one. */
  @Column({ type: 'text', nullable: true })
  html: string | null;

  /** The mail's extra headers (List-Unsubscribe…); {} when none. */
  @Column({ type: 'jsonb' })
  headers: Record<string, string>;

  @Column({ name: 'sent_at', type: 'timestamptz', insert: false })
  sentAt: Date;
}
