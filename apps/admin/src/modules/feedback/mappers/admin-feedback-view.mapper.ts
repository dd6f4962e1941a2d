import type { AdminFeedbackView, UserRefView } from '@copytrade/contracts';
import type { FeedbackEntity } from '../entities/feedback.entity';

/** Feedback as the admins' tab lists it; `sender` comes from identity (null when unknown or unreachable). */
export function toAdminFeedbackView(feedback: FeedbackEntity, sender: UserRefView | undefined): AdminFeedbackView {
  return {
    id: feedback.id,
    type: feedback.type,
    status: feedback.status,
    priority: feedback.priority,
    message: feedback.message,
    page: feedback.page,
    contactEmail: feedback.email,
    userAgent: feedback.userAgent,
    createdAt: feedback.createdAt.toISOString(),
    user: sender ? { email: sender.email, username: sender.username } : null,
  };
}
