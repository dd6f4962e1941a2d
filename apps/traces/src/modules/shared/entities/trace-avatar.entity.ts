import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A trace's avatar: the JPEG the gateway re-encoded (at most 512 × 512, metadata removed), kept in PostgreSQL so
 * every replica serves it. `version` is a hash of the bytes: the `v` of the trace's avatar URL and its ETag.
 */
@Entity({ name: 'trace_avatars' })
export class TraceAvatarEntity {
  @PrimaryColumn({ name: 'trace_id', type: 'uuid' })
  traceId: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType: 'image/jpeg';

  @Column({ type: 'bytea' })
  content: Buffer;

  @Column({ type: 'text' })
  version: string;

  @Column({ name: 'byte_size', type: 'integer' })
  byteSize: number;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  @Column({ name: 'updated_by', type: 'uuid' })
  updatedBy: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
