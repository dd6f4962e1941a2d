import type { TraceCategory, TraceSort } from '@copytrade/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '@/components/ui/button';
import { LoadError } from '@/components/ui/data-state';
import { UsersIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useInfiniteTraces } from '@/lib/traces/get-traces';
import { TraderCard, TraderCardSkeleton } from './trader-card';

/** Traders per page; 'Load more' asks for the next page at the answer's `nextOffset`. */
export const PAGE_SIZE = 24;

const countText = (count: number, more: boolean) =>
  `Showing ${count} ${count === 1 ? 'trader' : 'traders'}${more ? ' (more available)' : ''}`;

/**
 * The all-traders grid of one category tab: loading skeletons, an error with Retry, the empty state with
 * 'Create Your Trace' (to /dashboard), the cards, and 'Load more' while the server has further pages.
 */
export function TradersGrid({
  heading,
  category,
  search,
  sortBy,
  viewerId,
}: {
  heading: string;
  category: TraceCategory;
  search: string;
  sortBy: TraceSort;
  viewerId: string;
}) {
  const headingId = useId();
  const query = useInfiniteTraces({ search, category, sortBy, limit: PAGE_SIZE });
  const traces = query.data?.pages.flatMap((page) => page.traces) ?? [];

  let body;
  if (query.isPending) {
    body = (
      <div className="trader-grid" aria-busy="true">
        <span className="sr-only" role="status">
          Loading traders
        </span>
        {Array.from({ length: 6 }, (_, index) => (
          <TraderCardSkeleton key={index} variant="grid" />
        ))}
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
        Couldn&apos;t load traders.
      </LoadError>
    );
  } else if (traces.length === 0) {
    body = (
      <div className="empty-state discovery__empty" aria-busy={query.isPlaceholderData}>
        <UsersIcon size={28} className="empty-state__icon" />
        <p className="empty-state__title">No traders found</p>
        <p className="empty-state__text">
          {search
            ? `No trader matches “${search}” here. Try another name, handle or specialty.`
            : 'There are no traders in this category yet. Share your own trades and be the first.'}
        </p>
        <Link to={paths.app.dashboard.getHref()} className={buttonClassName({ variant: 'primary' })}>
          Create Your Trace
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="trader-grid" aria-busy={query.isPlaceholderData}>
          {traces.map((trace) => (
            <li key={trace.id}>
              <TraderCard trace={trace} variant="grid" viewerId={viewerId} />
            </li>
          ))}
        </ul>
        {query.isFetchNextPageError ? (
          <LoadError onRetry={() => void query.fetchNextPage()} retrying={query.isFetchingNextPage}>
            Couldn&apos;t load more traders.
          </LoadError>
        ) : null}
        {query.hasNextPage ? (
          <div className="discovery__more">
            <Button
              variant="outline"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage || query.isPlaceholderData}
            >
              {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="discovery__section" aria-labelledby={headingId}>
      <div className="discovery__section-head">
        <h2 id={headingId} className="discovery__section-title">
          {heading}
        </h2>
        <p className="muted small" role="status">
          {query.data && traces.length > 0 ? countText(traces.length, query.hasNextPage) : ''}
        </p>
      </div>
      {body}
    </section>
  );
}
