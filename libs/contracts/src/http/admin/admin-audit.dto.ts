import { IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { OptionalField } from '../common/text-input.validators';
import { AdminPageDto, type AdminPagination } from './admin-pagination';

/** POST /api/admin/audit-log: newest first, optionally one actor's actions or one action. */
export class AdminAuditLogDto extends AdminPageDto {
  @OptionalField()
  @IsUUID('all', { message: 'actorUserId must be a valid user id' })
  actorUserId?: string;

  @OptionalField()
  @IsString({ message: 'action must be text' })
  @MaxLength(100, { message: 'action must be at most 100 characters' })
  @Matches(/^[a-z0-9.-]+$/, { message: 'action must be an action name such as user.toggle-admin' })
  action?: string;
}

export interface AdminAuditEntryView {
  id: string;
  action: string;
  /** The acting admin; username and e-mail are null when the account is gone. */
  actor: { id: string; username: string | null; email: string | null };
  target: { type: string; id: string | null } | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  createdAt: string;
}

export interface AdminAuditLogResponse {
  success: true;
  entries: AdminAuditEntryView[];
  pagination: AdminPagination;
}
