import { IsIn, IsOptional } from 'class-validator';
import { FEEDBACK_STATUSES, type FeedbackStatus, type FeedbackType } from '../../rules/feedback.rules';
import { AdminPageQueryDto, type AdminPagination } from './admin-pagination';

const statusMessage = { message: `status must be one of: ${FEEDBACK_STATUSES.join(', ')}` };

/** GET /api/feedback/admin/list?page&limit&status: newest first. */
export class AdminFeedbackListQueryDto extends AdminPageQueryDto {
  @IsOptional()
  @IsIn(FEEDBACK_STATUSES, statusMessage)
  status?: FeedbackStatus;
}

/** PUT /api/feedback/admin/{id}/status */
export class UpdateFeedbackStatusDto {
  @IsIn(FEEDBACK_STATUSES, statusMessage)
  status: FeedbackStatus;
}

/**
 * Feedback as the admins' tab lists it (docs/product.md#entities-and-fields); `user` is null when the sender's account
 * is gone.
 */
export interface AdminFeedbackView {
  id: string;
  type: FeedbackType;
  status: FeedbackStatus;
  priority: string;
  message: string;
  page: string | null;
  contactEmail: string;
  userAgent: string | null;
  createdAt: string;
  user: { email: string | null; username: string } | null;
}

export interface AdminFeedbackListResponse {
  success: true;
  feedback: AdminFeedbackView[];
  pagination: AdminPagination;
}

export interface UpdateFeedbackStatusResponse {
  success: true;
  message: string;
  feedback: AdminFeedbackView;
}

export const AdminFeedbackMessages = {
  statusUpdated: 'Feedback status updated successfully',
  notFound: 'Feedback not found',
} as const;

export const AdminFeedbackErrorCode = { FEEDBACK_NOT_FOUND: 'FEEDBACK_NOT_FOUND' } as const;
