/** Feedback dialog (docs/product.md#validation-rules). */
export const FEEDBACK_TYPES = ['bug', 'feature', 'improvement', 'general', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FeedbackRules = { messageMaxLength: 5000, pageMaxLength: 2048, userAgentMaxLength: 1024 } as const;

export const FeedbackMessages = {
  typeRequired: 'Please choose a feedback type',
  typeInvalid: `Feedback type must be one of: ${FEEDBACK_TYPES.join(', ')}`,
  messageRequired: 'Please enter your feedback',
  messageTooLong: 'Feedback must be at most 5000 characters',
  received: "Thanks for your feedback. We'll review it and get back to you if needed.",
} as const;

/** Send stays disabled while the type or the message is empty, or while sending (docs/product.md#validation-rules). */
export function canSendFeedback(form: { type: string; message: string; sending: boolean }): boolean {
  return !form.sending && form.type.trim() !== '' && form.message.trim() !== '';
}
