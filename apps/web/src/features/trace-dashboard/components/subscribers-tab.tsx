import type { OwnerSubscriberView } from '@copytrade/contracts';
import { useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { UsersIcon } from '@/components/ui/icons';
import { formatDay } from '@/lib/format/date';
import { tierLabel } from '@/lib/format/text';
import { formatWhole } from '@/lib/format/trade';
import { subscribersOf, useOwnerSubscribers } from '../api/get-owner-subscribers';

export const SUBSCRIBERS_TEXTS = {
  loading: 'Loading subscribers...',
  empty: 'No subscribers yet',
  emptyText: 'People who subscribe to your trace will show here.',
  failed: "Couldn't load your subscribers.",
  unknownUser: 'Unknown user',
} as const;

const copiesLabel = (copies: number) => `${formatWhole(copies)} ${copies === 1 ? 'copy' : 'copies'}`;

function SubscriberRow({ subscriber }: { subscriber: OwnerSubscriberView }) {
  const name = subscriber.username ?? SUBSCRIBERS_TEXTS.unknownUser;
  return (
    <li className="owner-list__item owner-subscriber">
      <Avatar name={name} size={32} />
      <div className="owner-list__text">
        <span className="owner-list__name">{name}</span>
        <span className="owner-list__meta">
          Since {formatDay(subscriber.since)} · {copiesLabel(subscriber.copies)}
        </span>
      </div>
      <div className="owner-subscriber__badges">
        <Badge>{tierLabel(subscriber.tier)}</Badge>
        <Badge variant={subscriber.status === 'active' ? 'success' : 'default'}>
          {subscriber.status === 'active' ? 'Active' : 'Ended'}
        </Badge>
      </div>
    </li>
  );
}

/**
 * Subscribers (docs/product.md#owner-dashboard): the trace's subscribers, newest first, a page at a time ('Load more'
 * follows the server's nextCursor): who, tier, status, since when and how many copies they placed.
 */
export function SubscribersTab({ traceId }: { traceId: string }) {
  const titleId = useId();
  const pages = useOwnerSubscribers(traceId);
  const subscribers = subscribersOf(pages.data);

  return (
    <TitledCard titleId={titleId} title="Subscribers" titleAs="h2">
      {pages.isPending ? (
        <LoadingRows label={SUBSCRIBERS_TEXTS.loading} count={4} />
      ) : pages.isError && subscribers.length === 0 ? (
        <LoadError onRetry={() => void pages.refetch()} retrying={pages.isFetching}>
          {SUBSCRIBERS_TEXTS.failed}
        </LoadError>
      ) : subscribers.length === 0 ? (
        <div className="empty-state">
          <UsersIcon size={20} className="empty-state__icon" />
          <p className="empty-state__title">{SUBSCRIBERS_TEXTS.empty}</p>
          <p className="empty-state__text">{SUBSCRIBERS_TEXTS.emptyText}</p>
        </div>
      ) : (
        <div className="owner-subscribers">
          <ul className="owner-list" aria-labelledby={titleId}>
            {subscribers.map((subscriber) => (
              <SubscriberRow key={`${subscriber.userId}-${subscriber.since}`} subscriber={subscriber} />
            ))}
          </ul>
          {pages.isFetchNextPageError ? (
            <LoadError onRetry={() => void pages.fetchNextPage()} retrying={pages.isFetchingNextPage}>
              {SUBSCRIBERS_TEXTS.failed}
            </LoadError>
          ) : pages.hasNextPage ? (
            <div>
              <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                {pages.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </TitledCard>
  );
}
