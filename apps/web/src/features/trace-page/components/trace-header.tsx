import type { TraceDetailView } from '@copytrade/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { CheckIcon, CrownIcon, HeartIcon, SettingsIcon, StarIcon, UsersIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatHandle } from '@/lib/format/profile';
import type { SubscriptionActions } from '../hooks/use-subscription-actions';
import { tierLabel } from '@/lib/format/text';
import { formatWhole } from '@/lib/format/trade';

/** The banner: the trace's picture when it has one that loads, over a gradient of the design tokens. */
function TraceBanner({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="trace-hero__banner" data-testid="trace-banner">
      {src && !failed ? (
        <img src={src} alt="" className="trace-hero__banner-img" onError={() => setFailed(true)} />
      ) : null}
    </div>
  );
}

const plural = (count: number, one: string, many: string) => `${formatWhole(count)} ${count === 1 ? one : many}`;

/**
 * The top of the trace page in both views: banner, avatar, name with the verified badge and featured star,
 * handle, subscriber and like counts, description; the owner's Manage link, or a subscriber's tier and
 * Unsubscribe (never for owners: they cannot unsubscribe from their own trace).
 */
export function TraceHeader({ trace, actions }: { trace: TraceDetailView; actions: SubscriptionActions }) {
  const { viewer } = trace;
  const subscriber = viewer.isSubscribed && !viewer.isOwner;
  // The trace page's answer may name the owner (docs/product.md#entities-and-fields); older answers carry the id only.
  const ownerName = (trace.owner as { username?: string | null }).username;

  return (
    <section className="card trace-hero" aria-labelledby="trace-name">
      <TraceBanner src={trace.banner} />
      <div className="trace-hero__body">
        <Avatar src={trace.avatar} name={trace.name} size={80} className="trace-hero__avatar" />
        <div className="trace-hero__identity">
          <div className="trace-hero__title-row">
            <h1 id="trace-name" className="page__title trace-hero__name">
              {trace.name}
            </h1>
            {trace.isVerified ? (
              <Badge variant="success" className="trace-hero__badge">
                <CheckIcon size={12} />
                Verified
              </Badge>
            ) : null}
            {trace.isFeatured ? (
              <Badge variant="warning" className="trace-hero__badge">
                <StarIcon size={12} className="trace-hero__star" />
                Featured
              </Badge>
            ) : null}
          </div>
          <p className="trace-hero__handle">
            {formatHandle(trace.handle)}
            {ownerName ? <span className="trace-hero__owner"> · by {ownerName}</span> : null}
          </p>
          <ul className="trace-hero__counts" aria-label="Trace counts">
            <li>
              <UsersIcon size={14} />
              {plural(trace.subscriberCount, 'subscriber', 'subscribers')}
            </li>
            <li>
              <HeartIcon size={14} />
              {plural(trace.totalLikes, 'like', 'likes')}
            </li>
          </ul>
          {trace.description ? <p className="trace-hero__description">{trace.description}</p> : null}
        </div>
        <div className="trace-hero__actions">
          {viewer.isOwner ? (
            <>
              <Badge variant="new">Your trace</Badge>
              <Link
                to={paths.app.traceDashboard.getHref(trace.id)}
                className={buttonClassName({ variant: 'primary', size: 'sm' })}
              >
                <SettingsIcon size={14} />
                Manage
              </Link>
            </>
          ) : null}
          {subscriber ? (
            <>
              <Badge variant="success">
                <CrownIcon size={12} />
                Subscribed{viewer.tier ? ` · ${tierLabel(viewer.tier)}` : ''}
              </Badge>
              <Button variant="outline" size="sm" onClick={actions.unsubscribe} disabled={actions.isUnsubscribing}>
                {actions.isUnsubscribing ? 'Unsubscribing...' : 'Unsubscribe'}
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
