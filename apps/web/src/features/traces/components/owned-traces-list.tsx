import type { OwnedTraceView } from '@copytrade/contracts';
import { UsersIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format/profile';
import { useOwnedTraces } from '@/lib/traces/get-owned-traces';
import { TraceListSection } from './trace-list-section';

/** Sidebar "Owned Traces": avatar, name, handle, subscriber count; each opens the trace's owner dashboard. */
export function OwnedTracesList({ userId, collapsed }: { userId: string; collapsed: boolean }) {
  const query = useOwnedTraces(userId);
  return (
    <TraceListSection<OwnedTraceView>
      title="Owned Traces"
      query={query}
      emptyText="No owned traces yet"
      collapsed={collapsed}
      toEntry={(trace) => ({
        key: trace.id,
        to: paths.app.traceDashboard.getHref(trace.id),
        avatar: trace.avatar,
        name: trace.name,
        handle: trace.handle,
        meta: (
          <span className="subscriber-count" title={`${trace.subscriberCount} subscribers`}>
            <UsersIcon size={12} />
            {formatCount(trace.subscriberCount)}
            <span className="sr-only"> {trace.subscriberCount === 1 ? 'subscriber' : 'subscribers'}</span>
          </span>
        ),
      })}
    />
  );
}
