import type { BrowserInfoDto } from '../../http/admin/feedback.dto';
import type { FeedbackType } from '../../rules/feedback.rules';

export const AdminFeedbackRpc = {
  submit: 'rpc.admin.feedback.submit',
} as const;

/** `email` is the signed-in user's own address, set by the gateway from the session. */
export interface SubmitFeedbackRpcRequest {
  type: FeedbackType;
  message: string;
  email: string;
  page?: string;
  userAgent?: string;
  browserInfo?: BrowserInfoDto;
}
export interface SubmitFeedbackRpcReply {
  feedbackId: string;
}
