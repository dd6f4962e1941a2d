/**
 * The provider's error answers, one place: the body `{detail, status_code, code}` (code a string) with the codes
 * SnapTrade documents (openapi.yaml components.schemas 4xx/5xx, docs). Nothing here is worded after what the
 * product's adapter looks for: detail texts are the documented examples, or a brokerage's own observed message.
 */
export class FakeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    /** A body of another shape (the 501 answer has only `error`). */
    readonly rawBody?: unknown,
  ) {
    super(detail);
  }

  body(): unknown {
    return this.rawBody ?? { detail: this.message, status_code: this.status, code: this.code };
  }
}

/** 400 1076: the documented answer of POST /trade/place to a request it cannot accept; the reason follows. */
export const invalidData = (reason: string) => new FakeHttpError(400, '1076', `Unable to verify data sent: ${reason}`);

/** 404 1011: unknown (or someone else's) account, connection, order or symbol. */
export const notFound = () => new FakeHttpError(404, '1011', 'The requested resource does not exist.');

/** 403 1066: the documented answer of POST /trade/place without trade permission. */
export const noPermission = () =>
  new FakeHttpError(403, '1066', 'User does not have permission to access this resource');

/** 403 1141: a feature the plan or connection does not have (refresh on real-time plans, recentOrders, …). */
export const featureNotEnabled = () =>
  new FakeHttpError(403, '1141', 'Feature is not enabled for this customer or this connection');

/** 402 3003: a disabled connection (not a payment). */
export const connectionDisabled = () =>
  new FakeHttpError(402, '3003', 'Unable to sync with brokerage account because the connection is disabled.');

/** 429 0000: the per-clientId limit and the one-trade-per-second-per-account pace. */
export const throttled = (seconds: number) =>
  new FakeHttpError(429, '0000', `Request was throttled. Expected available in ${seconds} seconds.`);

/** 429 throttled: a refresh called again too soon (spec 429TooManyRequestsResponse). */
export const refreshedTooRecently = () =>
  new FakeHttpError(429, 'throttled', 'Connection refreshed too recently. Please try again later.');

/** 501: the only error answer without detail/code (spec 501NotImplementedResponse). */
export const ordersNotImplemented = (brokerageSlug: string) =>
  new FakeHttpError(501, '', 'not implemented', {
    error: `The orders endpoint is not yet implemented for brokerage ${brokerageSlug}`,
  });

/** 500 1000 (spec 500UnexpectedExceptionResponse). */
export const unexpected = () => new FakeHttpError(500, '1000', 'Encountered an unexpected exception.');

/**
 * A brokerage's refusal, relayed by SnapTrade with its text in `detail` (the exact provider code for these is
 * undocumented, NOTES "Unverified": the documented 400 code of /trade/place is used). Texts are the brokerages'
 * own where one was observed in public reports; the others are marked as assumed.
 */
export const BROKER_REJECTIONS = {
  /** Observed from Webull's order API (code DAY_BUYING_POWER_INSUFFICIENT). */
  buyingPower: 'Buying power is insufficient, please cancel open buy orders(if there is any) and try again',
  /** Observed from Robinhood's order API for a sell or close beyond the holding. */
  position: 'This order is invalid because you do not have enough shares to close your position.',
  /** Assumed wording. */
  marketClosed: 'Order rejected by the brokerage: the market is closed.',
  /** Assumed wording. */
  expiredOption: 'Order rejected by the brokerage: the option contract has expired.',
} as const;

export const brokerRejection = (text: string) => new FakeHttpError(400, '1076', text);
