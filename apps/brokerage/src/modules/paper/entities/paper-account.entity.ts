import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A simulated cash account: buying power equals cash (no margin). */
@Entity({ name: 'paper_accounts' })
export class PaperAccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'connection_id', type: 'uuid' })
  connectionId: string;

  @Column({ name: 'provider_user_id', type: 'text' })
  providerUserId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  number: string;

  /** Money: numeric, read as a string, computed with decimal.js. */
  @Column({ type: 'numeric', precision: 20, scale: 2 })
  cash: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
