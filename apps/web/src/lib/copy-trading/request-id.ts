/** The request-id header of the copy and sell calls (the gateway's order idempotency key). */
export const REQUEST_ID_HEADER = 'X-Request-ID';
