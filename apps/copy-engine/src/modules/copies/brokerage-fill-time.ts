import type { PlacedOrderView } from '@copytrade/contracts';

/**
 * When a copy's order (or a sell's) filled, as its receipt records it: the brokerage's own execution time from its
 * record of the order — never the moment the copy engine learned of the fill (an answer read after a restart, a
 * sweeper's look, a redelivered event), which may be long after. Only a brokerage that reports no time (a service
 * older than the field) leaves `seenAt`: the earliest moment the caller saw the fill.
 */
export function brokerageFillTimeOf(order: Pick<PlacedOrderView, 'filledAt'>, seenAt: Date): Date {
  const reported = order.filledAt ? new Date(order.filledAt) : null;
  return reported && !Number.isNaN(reported.getTime()) ? reported : seenAt;
}
