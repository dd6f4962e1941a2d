import type { RiskLevel, TraceSummaryView } from '@copytrade/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { buttonClassName } from '@/components/ui/button';
import { CheckIcon, StarIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatResultReturn, formatSlippage, returnTone } from '@/lib/format/follower-results';
import { formatHandle } from '@/lib/format/profile';
import { formatSignedPercentValue, formatWinRate, trendClass } from '@/lib/format/trade';
import { formatSubscribers } from '../utils/format';
import { specialtiesOf } from '../utils/specialties';

/** Specialties a card lists (docs/product.md#business-constants). */
export const FEATURED_CARD_SPECIALTIES = 3;
export const GRID_CARD_SPECIALTIES = 2;

const RISK: Record<RiskLevel, { label: string; variant: BadgeVariant }> = {
  low: { label: 'Low Risk', variant: 'success' },
  medium: { label: 'Medium Risk', variant: 'warning' },
  high: { label: 'High Risk', variant: 'danger' },
};

const grouped = new Intl.NumberFormat('en-US');

/**
 * One trader on the discovery screen: avatar, name, handle, the verified and featured marks, risk level,
 * specialties (3 on a featured card, 2 on a grid card), monthly return, win rate and subscribers, then
 * what followers got (the median follower return and a slippage badge, each only once there are enough copies), then
 * 'View Profile' and, for the trace's owner, 'Manage' (docs/product.md#discovery).
 */
export function TraderCard({
  trace,
  variant,
  viewerId,
}: {
  trace: TraceSummaryView;
  variant: 'featured' | 'grid';
  viewerId: string;
}) {
  const nameId = useId();
  const featured = variant === 'featured';
  const specialties = specialtiesOf(
    trace.tradingStyle ?? [],
    featured ? FEATURED_CARD_SPECIALTIES : GRID_CARD_SPECIALTIES,
  );
  const risk = RISK[trace.riskLevel] ?? RISK.medium;
  const isOwner = trace.ownerId === viewerId;
  const followerReturn = typeof trace.followerReturnMedian === 'number' ? trace.followerReturnMedian : null;
  const slippage = typeof trace.slippageMedian === 'number' ? trace.slippageMedian : null;

  return (
    <article className={cn('trader-card', featured && 'trader-card--featured')} aria-labelledby={nameId}>
      <div className="trader-card__head">
        <Avatar src={trace.avatar} name={trace.name} size={featured ? 48 : 40} />
        <div className="trader-card__who">
          <div className="trader-card__name-row">
            <h3 id={nameId} className="trader-card__name">
              {trace.name}
            </h3>
            {trace.isVerified ? (
              <span className="trader-card__mark trader-card__mark--verified" role="img" aria-label="Verified">
                <CheckIcon size={10} strokeWidth={3} />
              </span>
            ) : null}
            {trace.isFeatured ? (
              <span className="trader-card__mark trader-card__mark--featured" role="img" aria-label="Featured">
                <StarIcon size={14} fill="currentColor" />
              </span>
            ) : null}
          </div>
          <p className="trader-card__handle">{formatHandle(trace.handle)}</p>
        </div>
      </div>

      {trace.description ? <p className="trader-card__description">{trace.description}</p> : null}

      <div className="trader-card__tags">
        {specialties.length > 0 ? (
          <ul className="trader-card__specialties" aria-label="Specialties">
            {specialties.map((specialty) => (
              <li key={specialty}>
                <span className="trader-card__specialty">{specialty}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <Badge variant={risk.variant} className="trader-card__risk">
          {risk.label}
        </Badge>
      </div>

      <dl className="trader-card__stats">
        <div className="trader-card__stat">
          <dt>Monthly Return</dt>
          <dd className={trendClass(trace.monthlyReturn, { shownAsZero: true })}>
            {formatSignedPercentValue(trace.monthlyReturn, { missing: '—', plusAtZero: false })}
          </dd>
        </div>
        <div className="trader-card__stat">
          <dt>Win Rate</dt>
          <dd>{formatWinRate(trace.winRate, '—')}</dd>
        </div>
        <div className="trader-card__stat">
          <dt>Subscribers</dt>
          <dd title={`${grouped.format(trace.subscriberCount)} subscribers`}>
            {formatSubscribers(trace.subscriberCount)}
          </dd>
        </div>
      </dl>

      {followerReturn !== null || slippage !== null ? (
        <p className="trader-card__results">
          {followerReturn !== null ? (
            <span
              className={cn('trader-card__followers', returnTone(followerReturn))}
              title="Median follower return on copied trades, all time"
            >
              Followers: {formatResultReturn(followerReturn)}
            </span>
          ) : null}
          {slippage !== null ? (
            <Badge
              className="trader-card__slippage"
              title="Median slippage of followers' fills against the trader's price: + is worse"
            >
              Slippage {formatSlippage(slippage)}
            </Badge>
          ) : null}
        </p>
      ) : null}

      <div className="trader-card__actions">
        <Link
          to={paths.app.trace.getHref(trace.id)}
          className={buttonClassName({ variant: 'primary', size: 'sm', className: 'trader-card__action' })}
        >
          View Profile
        </Link>
        {isOwner ? (
          <Link
            to={paths.app.traceDashboard.getHref(trace.id)}
            className={buttonClassName({ variant: 'outline', size: 'sm', className: 'trader-card__action' })}
          >
            Manage
          </Link>
        ) : null}
      </div>
    </article>
  );
}

/** The shape of a card while the list loads (decorative: the list announces the loading). */
export function TraderCardSkeleton({ variant }: { variant: 'featured' | 'grid' }) {
  return (
    <div className={cn('trader-card trader-card--skeleton', variant === 'featured' && 'trader-card--featured')}>
      <div className="trader-card__head">
        <Skeleton circle width={variant === 'featured' ? 48 : 40} height={variant === 'featured' ? 48 : 40} />
        <div className="trader-card__who">
          <Skeleton width="60%" height={14} />
          <Skeleton width="40%" height={10} />
        </div>
      </div>
      <Skeleton width="90%" height={10} />
      <div className="trader-card__stats">
        <Skeleton width="100%" height={32} />
        <Skeleton width="100%" height={32} />
        <Skeleton width="100%" height={32} />
      </div>
      <Skeleton width="100%" height={28} />
    </div>
  );
}
