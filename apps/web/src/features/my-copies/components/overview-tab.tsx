import type { CopyInstanceView } from '@copytrade/contracts';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { TitledCard } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatPercent, formatSignedCurrency, initialsOf, isNotPlaced, statusBadgeOf, toneOf } from '../utils/format';
import { UnplacedCopies } from './unplaced-copies';

/** Recent Activity 5 items; top performers up to 5. */
export const RECENT_ACTIVITY_SIZE = 5;
export const TOP_PERFORMERS_SIZE = 5;

/** Up to 5 copies with a positive P&L, best return first (docs/product.md#my-copy-trades). */
export const topPerformersOf = (copies: CopyInstanceView[]): CopyInstanceView[] =>
  copies
    .filter((copy) => (copy.status === 'open' || copy.status === 'closed') && copy.copierUnrealizedPnl > 0)
    .sort((a, b) => b.copierTotalReturn - a.copierTotalReturn)
    .slice(0, TOP_PERFORMERS_SIZE);

function TraderAvatar({ copy }: { copy: CopyInstanceView }) {
  const avatar = copy.originalTrade.trace.avatar;
  if (avatar) return <img className="avatar" src={avatar} alt="" width={32} height={32} />;
  return (
    <span className="avatar avatar--fallback copies-list__avatar" aria-hidden="true">
      {initialsOf(copy.originalTrade.trader.username ?? copy.originalTrade.trace.name)}
    </span>
  );
}

/** The Overview tab with copies: Recent Activity, Top Performing Copies, and the copies that hold nothing. */
export function OverviewTab({ copies }: { copies: CopyInstanceView[] }) {
  const ids = { recent: useId(), top: useId(), unplaced: useId() };
  const recent = copies.slice(0, RECENT_ACTIVITY_SIZE);
  const top = topPerformersOf(copies);
  const unplaced = copies.filter((copy) => copy.status === 'pending' || isNotPlaced(copy));
  return (
    <div className="copies-overview">
      <TitledCard titleId={ids.recent} title="Recent Activity">
        <ul className="copies-list" aria-labelledby={ids.recent}>
          {recent.map((copy) => {
            const badge = statusBadgeOf(copy);
            const trader = copy.originalTrade.trader.username ?? copy.originalTrade.trace.name;
            return (
              <li key={copy.id} className="copies-list__item">
                <TraderAvatar copy={copy} />
                <span className="copies-list__text">
                  <span className="copies-list__symbol">{copy.originalTrade.symbol}</span>
                  <span className="copies-list__detail">Copied from {trader}</span>
                </span>
                <span className={cn('copies-list__figure tabular', toneOf(copy.copierUnrealizedPnl))}>
                  {formatSignedCurrency(copy.copierUnrealizedPnl)}
                </span>
                <Badge variant={badge.variant}>{badge.label}</Badge>
              </li>
            );
          })}
        </ul>
      </TitledCard>
      <TitledCard titleId={ids.top} title="Top Performing Copies">
        {top.length === 0 ? (
          <p className="muted">No copies in profit yet.</p>
        ) : (
          <ol className="copies-list" aria-labelledby={ids.top}>
            {top.map((copy) => (
              <li key={copy.id} className="copies-list__item">
                <span className="copies-list__text">
                  <span className="copies-list__symbol">{copy.originalTrade.symbol}</span>
                  <span className="copies-list__detail">{copy.originalTrade.trace.name}</span>
                </span>
                <span className="copies-list__figures tabular">
                  <span className="gain">{formatPercent(copy.copierTotalReturn)}</span>
                  <span className="gain copies-list__detail">{formatSignedCurrency(copy.copierUnrealizedPnl)}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </TitledCard>
      {unplaced.length > 0 ? <UnplacedCopies copies={unplaced} titleId={ids.unplaced} /> : null}
    </div>
  );
}
