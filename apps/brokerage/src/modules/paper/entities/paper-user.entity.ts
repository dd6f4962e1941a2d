import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user of the simulated brokerage: like the provider, it keeps only what verifies the secret (its SHA-256). */
@Entity({ name: 'paper_users' })
export class PaperUserEntity {
  @PrimaryColumn({ name: 'provider_user_id', type: 'text' })
  providerUserId: string;

  @Column({ name: 'secret_hash', type: 'text' })
  secretHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
