import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The single designated onboarding trace (at most one row; its trace cannot be deleted while designated). */
@Entity({ name: 'onboarding_trader' })
export class OnboardingTraderEntity {
  @PrimaryColumn({ type: 'boolean', default: true })
  singleton: boolean;

  @Column({ name: 'trace_id', type: 'uuid' })
  traceId: string;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
