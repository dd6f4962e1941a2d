import type { TraceSort } from '@copytrade/contracts';
import { useId } from 'react';
import { LoadError } from '@/components/ui/data-state';
import { StarIcon } from '@/components/ui/icons';
import { useTraces } from '@/lib/traces/get-traces';
import { TraderCard, TraderCardSkeleton } from './trader-card';

/** How many featured traders the row shows (the grid below lists every trader, these included). */
export const FEATURED_LIMIT = 6;

/**
 * 'Featured Traders', first on the All tab (docs/product.md#discovery): `featured=true&category=All&sortBy=…`, narrowed
 * by the same search as the grid. Left out when nothing featured matches.
 */
export function FeaturedTraders({ search, sortBy, viewerId }: { search: string; sortBy: TraceSort; viewerId: string }) {
  const headingId = useId();
  const query = useTraces({ search, featured: true, category: 'All', sortBy, limit: FEATURED_LIMIT });

  if (query.isSuccess && query.data.traces.length === 0) return null;

  let body;
  if (query.isPending) {
    body = (
      <div className="trader-grid trader-grid--featured" aria-busy="true">
        <span className="sr-only" role="status">
          Loading featured traders
        </span>
        {[0, 1, 2].map((index) => (
          <TraderCardSkeleton key={index} variant="featured" />
        ))}
      </div>
    );
  } else if (query.isError) {
    body = (
      <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
        Couldn&apos;t load featured traders.
      </LoadError>
    );
  } else {
    body = (
      <ul className="trader-grid trader-grid--featured" aria-busy={query.isPlaceholderData}>
        {query.data.traces.map((trace) => (
          <li key={trace.id}>
            <TraderCard trace={trace} variant="featured" viewerId={viewerId} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="discovery__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="discovery__section-title">
        <StarIcon size={16} className="discovery__featured-icon" fill="currentColor" />
        Featured Traders
      </h2>
      {body}
    </section>
  );
}
