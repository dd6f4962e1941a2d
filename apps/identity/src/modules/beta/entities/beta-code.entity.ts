import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An e-mailed 8-digit code, bound to one address. Only an HMAC of it is stored. Live while not revoked (a newer
 * code replaces it), not expired, under the wrong-attempt limit and not yet verified; once verified it lets
 * its address sign up once, within the signup window.
 */
@Entity({ name: 'beta_codes' })
export class BetaCodeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'code_hash', type: 'text' })
  codeHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'failed_attempts', type: 'integer', default: 0 })
  failedAttempts: number;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;

  @Column({ name: 'used_for_signup_at', type: 'timestamptz', nullable: true })
  usedForSignupAt: Date | null;
}
