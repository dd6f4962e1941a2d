import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { useFollowerGuards } from '../api/follower-guards';
import { AutoCopyStopControl } from './auto-copy-stop-control';
import { DailyLossStatus } from './daily-loss-status';
import { FollowerGuardsForm } from './follower-guards-form';

/**
 * Settings → Account → Copy Trading: the daily loss limit's stop (on the day it holds), the kill switch, then the
 * follower-wide guards (once they are loaded).
 */
export function CopyGuardsSettings() {
  const guards = useFollowerGuards();
  if (guards.isPending) return <LoadingRows label="Loading your copy guards" count={3} />;
  if (guards.isError && !guards.data)
    return (
      <LoadError onRetry={() => void guards.refetch()} retrying={guards.isFetching}>
        Your copy guards could not be loaded.
      </LoadError>
    );
  return (
    <div className="guards stack">
      <DailyLossStatus guards={guards.data} />
      <AutoCopyStopControl guards={guards.data} />
      <FollowerGuardsForm guards={guards.data} />
    </div>
  );
}
