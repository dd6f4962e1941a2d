import { BrokerageErrorCode as Code, BrokerageMessages as Text } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { ProviderError, type ProviderErrorKind } from './provider.error';

type Mapping = { status: number; code: string; message: (error: ProviderError) => string };

/** Business refusals keep the provider's wording where it is the user's best explanation. */
const ownMessage = (fallback: string) => (error: ProviderError) => error.message || fallback;

const MAPPINGS: Record<ProviderErrorKind, Mapping> = {
  MARKET_CLOSED: { status: 422, code: Code.MARKET_CLOSED, message: () => Text.marketClosed },
  INSUFFICIENT_BUYING_POWER: {
    status: 422,
    code: Code.INSUFFICIENT_BUYING_POWER,
    message: () => Text.insufficientBuyingPower,
  },
  INSUFFICIENT_POSITION: { status: 422, code: Code.INSUFFICIENT_POSITION, message: () => Text.insufficientPosition },
  INVALID_OPTIONS_DATA: {
    status: 400,
    code: Code.INVALID_OPTIONS_DATA,
    message: ownMessage('Invalid or incomplete options data.'),
  },
  INVALID_ORDER: { status: 400, code: Code.INVALID_ORDER, message: ownMessage('Invalid order.') },
  ORDER_REJECTED: { status: 422, code: Code.ORDER_REJECTED, message: ownMessage(Text.orderRejected) },
  CONNECTION_NOT_FOUND: { status: 404, code: Code.CONNECTION_NOT_FOUND, message: () => Text.connectionNotFound },
  CONNECTION_DISABLED: { status: 409, code: Code.CONNECTION_DISABLED, message: () => Text.connectionDisabled },
  ACCOUNT_NOT_FOUND: { status: 404, code: Code.ACCOUNT_NOT_FOUND, message: () => Text.accountNotFound },
  RATE_LIMITED: { status: 429, code: Code.PROVIDER_RATE_LIMITED, message: () => Text.rateLimited },
  INVALID_USER_CREDENTIALS: {
    status: 409,
    code: Code.PROVIDER_CREDENTIALS_INVALID,
    message: () => Text.providerCredentialsInvalid,
  },
  USER_ALREADY_EXISTS: {
    status: 409,
    code: Code.PROVIDER_ERROR,
    message: () => 'The user is already registered with the provider.',
  },
  USER_NOT_FOUND: { status: 404, code: Code.PROVIDER_USER_NOT_REGISTERED, message: () => Text.registrationRequired },
  NOT_SUPPORTED: {
    status: 422,
    code: Code.PROVIDER_ERROR,
    message: ownMessage('This brokerage does not support that operation.'),
  },
  UNAVAILABLE: { status: 503, code: Code.PROVIDER_UNAVAILABLE, message: () => Text.providerUnavailable },
  UNEXPECTED: { status: 502, code: Code.PROVIDER_ERROR, message: () => Text.providerUnavailable },
};

/** A provider failure as the product's error: status, stable code, user-visible message (never provider internals for 5xx). */
export function toDomainException(error: ProviderError): DomainException {
  const mapping = MAPPINGS[error.kind];
  const details =
    error.kind === 'RATE_LIMITED' || error.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: error.retryAfterSeconds ?? 5 }
      : error.kind === 'MARKET_CLOSED'
        ? { isMarketHoursRestriction: true }
        : undefined;
  return new DomainException(mapping.status, mapping.code, mapping.message(error), details);
}

/** Runs a provider call and rethrows its ProviderError as a DomainException. */
export async function withProviderErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw toDomainException(error);
    throw error;
  }
}
