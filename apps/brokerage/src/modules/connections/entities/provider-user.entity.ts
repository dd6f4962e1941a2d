import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user's registration with the provider. The secret is stored only encrypted (SecretCipher). */
@Entity({ name: 'provider_users' })
export class ProviderUserEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  provider: 'snaptrade' | 'paper';

  @Column({ name: 'provider_user_id', type: 'text' })
  providerUserId: string;

  @Column({ name: 'secret_ciphertext', type: 'text' })
  secretCiphertext: string;

  /** Bumped with every change of the user's link; events carry it so consumers keep the newest state. */
  @Column({ name: 'state_version', type: 'bigint', default: 0 })
  stateVersion: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
