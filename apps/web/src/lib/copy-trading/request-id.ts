/** The request-id header of the copy, sell and paper order calls (the gateway's order idempotency key). */
export const REQUEST_ID_HEADER = 'X-Request-ID';
