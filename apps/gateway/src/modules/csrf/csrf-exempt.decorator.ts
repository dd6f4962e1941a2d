import { SetMetadata } from '@nestjs/common';

/** Route metadata key read by the CSRF guard. */
export const IS_CSRF_EXEMPT = 'access:csrf-exempt';

/**
 * The route takes state-changing requests without a CSRF token: only for callers that are not browsers and prove
 * themselves another way (a provider's webhook, verified by its signature). Marks the handler, never a path.
 */
export const CsrfExempt = () => SetMetadata(IS_CSRF_EXEMPT, true);
