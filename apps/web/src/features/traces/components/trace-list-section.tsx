import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatHandle } from '@/lib/format/profile';

export interface TraceListEntry {
  key: string;
  to: string;
  avatar: string | null;
  name: string;
  handle: string;
  meta: ReactNode;
}

/**
 * A sidebar list of traces with its loading, error and empty states. At most 16rem tall, then it scrolls
 * (docs/product.md#business-constants). In the collapsed sidebar only the avatars show, each link named by the trace.
 */
export function TraceListSection<T>({
  title,
  query,
  toEntry,
  emptyText,
  collapsed,
}: {
  title: string;
  query: UseQueryResult<T[]>;
  toEntry: (item: T) => TraceListEntry;
  emptyText: string;
  collapsed: boolean;
}) {
  const headingId = useId();
  const lowerTitle = title.toLowerCase();

  let body: ReactNode;
  if (query.isPending) {
    body = collapsed ? null : (
      <div className="trace-list__loading" aria-busy="true">
        <span className="sr-only">Loading {lowerTitle}</span>
        {[0, 1, 2].map((row) => (
          <div key={row} className="trace-list__skeleton">
            <Skeleton circle width={24} height={24} />
            <Skeleton width="70%" height={10} />
          </div>
        ))}
      </div>
    );
  } else if (query.isError) {
    body = collapsed ? null : (
      <div className="trace-list__state trace-list__state--error">
        <span>Couldn&apos;t load {lowerTitle}.</span>
        <button type="button" className="link-button" onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    );
  } else if (query.data.length === 0) {
    body = collapsed ? null : <p className="trace-list__state">{emptyText}</p>;
  } else {
    body = (
      <ul className="trace-list">
        {query.data.map((item) => {
          const entry = toEntry(item);
          const handle = formatHandle(entry.handle);
          return (
            <li key={entry.key}>
              <NavLink
                to={entry.to}
                className={({ isActive }) => cn('trace-list__item', isActive && 'is-active')}
                aria-label={collapsed ? `${entry.name} ${handle}` : undefined}
                title={collapsed ? entry.name : undefined}
              >
                <Avatar src={entry.avatar} name={entry.name} size={24} />
                {collapsed ? null : (
                  <>
                    <span className="trace-list__text">
                      <span className="trace-list__name">{entry.name}</span>
                      <span className="trace-list__handle">{handle}</span>
                    </span>
                    <span className="trace-list__meta">{entry.meta}</span>
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className={cn('sidebar-section', collapsed && 'sidebar-section--collapsed')} aria-labelledby={headingId}>
      <h2 id={headingId} className={collapsed ? 'sr-only' : 'sidebar-section__title'}>
        {title}
      </h2>
      {body}
    </section>
  );
}
