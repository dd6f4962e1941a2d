import type { CopyClosedBy, CopyCloseReason } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import type { CopyRecord } from './copy-instances.store';

/** What decided a keyed close (auto_copy_closes): the trader sold, the copy stop-loss of the trace, the kill switch. */
export type CloseReason = CopyCloseReason;

const REQUEST_PREFIX: Record<CloseReason, string> = {
  trader_sell: 'auto-close',
  stop_loss: 'stop-loss',
  kill_switch: 'kill-switch',
};

const CLOSED_BY: Record<CloseReason, Exclude<CopyClosedBy, 'follower'>> = {
  trader_sell: 'trader',
  stop_loss: 'stop_loss',
  kill_switch: 'kill_switch',
};

/**
 * The sell's request id of a keyed close: the decision, the copy and the attempt, so a retry or a redelivery never
 * sells twice (the brokerage's idempotency key) while an attempt started after a definite refusal has a key of its
 * own (the brokerage keeps the refusal under the old one); the copy's view can tell which close sold it. The first
 * attempt keeps the key closes always had.
 */
export const closeRequestId = (close: { eventId: string; copyId: string; reason: CloseReason; attempt?: number }) =>
  `${REQUEST_PREFIX[close.reason]}:${close.eventId}:${close.copyId}${(close.attempt ?? 1) > 1 ? `:${close.attempt}` : ''}`;

/** The request ids of every attempt a close has made so far. */
const attemptRequestIds = (close: { eventId: string; copyId: string; reason: CloseReason; attempt: number }) =>
  Array.from({ length: close.attempt }, (_, index) => closeRequestId({ ...close, attempt: index + 1 }));

/**
 * Who sold a closed copy: the close one of whose attempts sold the copy's last filled sell (matched on the request
 * ids the close sold under, never on a prefix a client could send), else the follower's own sell. Null while not
 * closed.
 */
export function closedByOf(copy: Pick<CopyRecord, 'id' | 'closing'>): {
  closedBy: CopyClosedBy | null;
  closedByLossPercent: number | null;
} {
  if (!copy.closing) return { closedBy: null, closedByLossPercent: null };
  const { sellRequestId, closes } = copy.closing;
  const close = closes.find((each) =>
    attemptRequestIds({ ...each, copyId: copy.id, attempt: each.attempt ?? 1 }).includes(sellRequestId ?? ''),
  );
  if (!close) return { closedBy: 'follower', closedByLossPercent: null };
  return {
    closedBy: CLOSED_BY[close.reason],
    closedByLossPercent: close.lossPercent === null ? null : new Decimal(close.lossPercent).toNumber(),
  };
}

/** Who a keyed close acts for, as a copy's view names it. */
export const closedByOfReason = (reason: CloseReason) => CLOSED_BY[reason];
