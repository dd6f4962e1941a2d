import type { PlaceOrderResponse } from '@copytrade/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError, isNetworkError } from '@/lib/api-client';
import { formatUsd } from '@/lib/format/money';

const placedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** Titles of the refusals the paper broker gives (the text is the server's message). */
const REFUSAL_TITLES: Record<string, string> = {
  MARKET_CLOSED: 'Market closed',
  INSUFFICIENT_BUYING_POWER: 'Insufficient buying power',
  INSUFFICIENT_POSITION: 'Insufficient position',
  INVALID_OPTIONS_DATA: 'Invalid options data',
  INVALID_ORDER: 'Invalid order',
  ORDER_REJECTED: 'Order rejected',
  ORDER_IN_FLIGHT: 'Order still being placed',
  PROVIDER_RATE_LIMITED: 'Too many requests',
  IDEMPOTENCY_KEY_REUSED: 'Request id already used',
  CONNECTION_DISABLED: 'Connection disabled',
  PROVIDER_USER_NOT_REGISTERED: 'SnapTrade Registration Required',
};

export const UNKNOWN_OUTCOME_TEXT =
  'The brokerage has not confirmed this order yet. Retry to check its outcome: the same request is sent again and can never place a second order.';

/** How each order state reads to the user. */
export const ORDER_STATE_LABELS: Record<PlaceOrderResponse['order']['state'], string> = {
  SUBMITTING: 'Being placed',
  UNKNOWN: 'Awaiting confirmation',
  SUBMITTED: 'Pending',
  PARTIALLY_FILLED: 'Partially filled',
  FILLED: 'Filled',
  CANCELED: 'Canceled',
  EXPIRED: 'Expired',
  REJECTED: 'Rejected',
};

function OrderDetails({ response }: { response: PlaceOrderResponse }) {
  const { order } = response;
  const instrument = order.isOptions ? (order.optionsTicker ?? order.symbol) : order.symbol;
  return (
    <dl className="details-list order-result__details">
      <div className="details-list__row">
        <dt>Order</dt>
        <dd>
          {order.action} {order.quantity} <span className="mono">{instrument}</span>
        </dd>
      </div>
      <div className="details-list__row">
        <dt>State</dt>
        <dd>{ORDER_STATE_LABELS[order.state] ?? order.state}</dd>
      </div>
      {order.filledQuantity !== null ? (
        <div className="details-list__row">
          <dt>Filled</dt>
          <dd>{order.filledQuantity}</dd>
        </div>
      ) : null}
      {order.executionPrice !== null ? (
        <div className="details-list__row">
          <dt>Execution Price</dt>
          <dd>{formatUsd(order.executionPrice)}</dd>
        </div>
      ) : null}
      {order.brokerageOrderId ? (
        <div className="details-list__row">
          <dt>Brokerage Order ID</dt>
          <dd className="mono">{order.brokerageOrderId}</dd>
        </div>
      ) : null}
      <div className="details-list__row">
        <dt>Request ID</dt>
        <dd className="mono">{order.requestId}</dd>
      </div>
      <div className="details-list__row">
        <dt>Placed</dt>
        <dd>{placedAt.format(new Date(order.placedAt))}</dd>
      </div>
    </dl>
  );
}

/** The outcome of the last submit: the order, a refusal with the server's message, or an unknown outcome to retry. */
export function OrderResult({
  data,
  error,
  canRetry,
  retrying,
  onRetry,
}: {
  data: PlaceOrderResponse | undefined;
  error: unknown;
  canRetry: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const retryButton = canRetry ? (
    <Button size="sm" variant="outline" onClick={onRetry} disabled={retrying}>
      {retrying ? 'Retrying...' : 'Retry'}
    </Button>
  ) : null;

  if (error) {
    const title = isNetworkError(error)
      ? 'No answer from the server'
      : (isApiError(error) && REFUSAL_TITLES[error.code]) || 'Order not placed';
    const message = isNetworkError(error)
      ? 'The order may or may not have been placed. Retry to find out: it will not be placed twice.'
      : (isApiError(error) && error.serverMessage) || 'The order could not be placed. Please try again.';
    return (
      <Alert variant="error" title={title} className="order-result">
        <span data-testid="order-refusal">{message}</span>
        {retryButton}
      </Alert>
    );
  }
  if (!data) return null;

  const { order, replayed } = data;
  if (order.state === 'UNKNOWN' || order.state === 'SUBMITTING') {
    return (
      <Alert variant="warning" title="Outcome unknown" className="order-result">
        <span>{UNKNOWN_OUTCOME_TEXT}</span>
        <OrderDetails response={data} />
        {retryButton}
      </Alert>
    );
  }
  const filled = order.state === 'FILLED';
  const instrument = order.isOptions ? (order.optionsTicker ?? order.symbol) : order.symbol;
  const verb = order.action === 'BUY' ? 'Bought' : 'Sold';
  const at = order.executionPrice !== null ? ` at ${formatUsd(order.executionPrice)}` : '';
  const title = filled
    ? `${verb} ${order.filledQuantity ?? order.quantity} ${instrument}${at}`
    : order.state === 'PARTIALLY_FILLED'
      ? `Partially filled: ${verb.toLowerCase()} ${order.filledQuantity ?? 0} of ${order.quantity} ${instrument}${at}`
      : order.state === 'SUBMITTED'
        ? 'Order pending'
        : `Order ${(ORDER_STATE_LABELS[order.state] ?? order.state).toLowerCase()}`;
  const progress =
    order.state === 'SUBMITTED'
      ? 'The brokerage accepted the order; it has not filled yet.'
      : order.state === 'PARTIALLY_FILLED'
        ? order.final
          ? 'The rest of the order was canceled: you hold the filled part.'
          : 'The rest of the order is still being filled.'
        : null;
  return (
    <Alert variant={filled ? 'success' : 'info'} title={title} className="order-result">
      {replayed ? (
        <span>This order was already placed: this is its first result (nothing was placed again).</span>
      ) : null}
      {progress ? <span data-testid="order-progress">{progress}</span> : null}
      {!order.final && canRetry ? (
        <Button size="sm" variant="outline" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Checking...' : 'Check again'}
        </Button>
      ) : null}
      <OrderDetails response={data} />
    </Alert>
  );
}
