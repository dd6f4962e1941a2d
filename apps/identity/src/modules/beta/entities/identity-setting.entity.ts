import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Identity's own switches, one row per key (for example `beta_auto_approve`). */
@Entity({ name: 'settings' })
export class IdentitySettingEntity {
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'jsonb' })
  value: unknown;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy: string | null;
}
