import type { CopyInstanceView } from '@copytrade/contracts';
import { Badge } from '@/components/ui/badge';
import { TitledCard } from '@/components/ui/card';
import { formatDateTime, formatQuantity, isNotPlaced, placementOf, statusBadgeOf, unitOf } from '../utils/format';

/**
 * Why a copy holds nothing yet: queued for the market open (the follower's market-closed policy), pending at the
 * brokerage, or not placed or skipped by a guard (with the reason).
 */
export function unplacedText(copy: CopyInstanceView): string {
  if (copy.status === 'pending' && copy.queuedUntil)
    return `Queued for the market open (${formatDateTime(copy.queuedUntil)}): sized at the price then and sent to your brokerage.`;
  if (copy.status === 'pending')
    return copy.awaitingConfirmation
      ? 'Sent to your brokerage; waiting for it to confirm the order.'
      : 'Sent to your brokerage; waiting for the fill.';
  if (copy.status === 'skipped') return copy.failureReason ?? 'Not placed: one of your copy guards kept it back.';
  return copy.failureReason ?? 'The order was not placed.';
}

/**
 * Copies that hold no position: pending ones (shown as pending, never as failed: the order may still fill) and
 * those not placed, each with its reason — an automatic copy that could not be placed is never dropped silently.
 */
export function UnplacedCopies({ copies, titleId }: { copies: CopyInstanceView[]; titleId: string }) {
  return (
    <TitledCard titleId={titleId} title="Pending and Not Placed" className="copies-unplaced">
      <ul className="copies-list" aria-labelledby={titleId}>
        {copies.map((copy) => {
          const badge = statusBadgeOf(copy);
          const quantity = copy.requestedQuantity;
          return (
            <li key={copy.id} className="copies-list__item copies-list__item--stacked">
              <div className="copies-list__line">
                <span className="copies-list__symbol">{copy.originalTrade.symbol}</span>
                <span className="copies-list__detail">
                  {formatQuantity(quantity)} {unitOf(copy, quantity)} · {placementOf(copy)} ·{' '}
                  {formatDateTime(copy.copiedAt)}
                </span>
                <Badge variant={badge.variant}>{badge.label}</Badge>
              </div>
              <p className={isNotPlaced(copy) ? 'copies-list__reason' : 'copies-list__detail'}>{unplacedText(copy)}</p>
            </li>
          );
        })}
      </ul>
    </TitledCard>
  );
}
