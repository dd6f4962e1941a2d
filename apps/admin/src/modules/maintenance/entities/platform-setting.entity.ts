import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Platform-wide switches, one row per key (maintenance mode is `maintenance_mode`). */
@Entity({ name: 'platform_settings' })
export class PlatformSettingEntity {
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'jsonb' })
  value: unknown;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy: string | null;
}
