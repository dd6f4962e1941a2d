import type { CopyClosedBy } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import type { CopyRecord } from './copy-instances.store';

/** What decided a keyed close (auto_copy_closes): the trader sold, the copy stop-loss of the trace, the kill switch. */
export type CloseReason = 'trader_sell' | 'stop_loss' | 'kill_switch';

const REQUEST_PREFIX: Record<CloseReason, string> = {
  trader_sell: 'auto-close',
  stop_loss: 'stop-loss',
  kill_switch: 'kill-switch',
};

const CLOSED_BY: Record<CloseReason, CopyClosedBy> = {
  trader_sell: 'trader',
  stop_loss: 'stop_loss',
  kill_switch: 'kill_switch',
};

/**
 * The sell's request id of a keyed close: the decision and the copy, so a retry or a redelivery never sells twice
 * (the brokerage's idempotency key), and the copy's view can tell which close sold it.
 */
export const closeRequestId = (close: { eventId: string; copyId: string; reason: CloseReason }) =>
  `${REQUEST_PREFIX[close.reason]}:${close.eventId}:${close.copyId}`;

/**
 * Who sold a closed copy: the close whose sell is the copy's last filled one (matched on the request id the close
 * sold under, never on a prefix a client could send), else the follower's own sell. Null while not closed.
 */
export function closedByOf(copy: Pick<CopyRecord, 'id' | 'closing'>): {
  closedBy: CopyClosedBy | null;
  closedByLossPercent: number | null;
} {
  if (!copy.closing) return { closedBy: null, closedByLossPercent: null };
  const { sellRequestId, closes } = copy.closing;
  const close = closes.find((each) => closeRequestId({ ...each, copyId: copy.id }) === sellRequestId);
  if (!close) return { closedBy: 'follower', closedByLossPercent: null };
  return {
    closedBy: CLOSED_BY[close.reason],
    closedByLossPercent: close.lossPercent === null ? null : new Decimal(close.lossPercent).toNumber(),
  };
}
