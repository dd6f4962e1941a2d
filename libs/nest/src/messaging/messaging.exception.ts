/** Errors raised by the messaging layer, with a stable `code` so callers and logs can branch on it. */
export type MessagingErrorCode =
  | 'OUTBOX_REQUIRES_TRANSACTION'
  | 'OUTBOX_PRODUCER_MISMATCH'
  | 'MALFORMED_EVENT_ENVELOPE'
  | 'INVALID_EVENT_PAYLOAD'
  | 'OUTBOX_PUBLISH_FAILED'
  | 'OUTBOX_AGGREGATE_REQUIRED'
  | 'EVENT_VERSION_GAP';

export class MessagingException extends Error {
  constructor(
    readonly code: MessagingErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MessagingException';
  }
}
