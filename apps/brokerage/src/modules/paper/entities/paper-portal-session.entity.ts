import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A pending connection opened by the connection portal; valid a few minutes, like the provider's portal URL. */
@Entity({ name: 'paper_portal_sessions' })
export class PaperPortalSessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'provider_user_id', type: 'text' })
  providerUserId: string;

  @Column({ name: 'broker_slug', type: 'text' })
  brokerSlug: string;

  @Column({ name: 'connection_type', type: 'text' })
  connectionType: 'read' | 'trade';

  @Column({ name: 'custom_redirect', type: 'text', nullable: true })
  customRedirect: string | null;

  @Column({ name: 'connection_id', type: 'uuid', nullable: true })
  connectionId: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
