import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Which user and connection an account belongs to: the ownership check of every account-scoped call. */
@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'connection_id', type: 'text' })
  connectionId: string;

  /** 0 = primary; the order of the user's accounts list. */
  @Column({ type: 'integer' })
  position: number;

  @UpdateDateColumn({ name: 'synced_at', type: 'timestamptz' })
  syncedAt: Date;
}
