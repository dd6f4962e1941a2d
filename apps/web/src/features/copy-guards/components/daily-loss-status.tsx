import type { FollowerGuardsView } from '@copytrade/contracts';
import { Alert } from '@/components/ui/alert';
import { formatUsd } from '@/lib/format/money';

/** `Saturday, Nov 29` for a US trading day given as YYYY-MM-DD (read as that calendar date, not converted). */
const dayName = (day: string): string => {
  const date = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : date.toLocaleDateString('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });
};

/**
 * While the daily loss limit has stopped automatic copying for the day (docs/product.md, "Copy guards"): what
 * happened and when it resumes. Nothing otherwise.
 */
export function DailyLossStatus({ guards }: { guards: FollowerGuardsView }) {
  if (!guards.dailyLossStoppedOn) return null;
  const limit = guards.dailyLossLimit === null ? '' : ` of ${formatUsd(guards.dailyLossLimit)}`;
  return (
    <Alert variant="warning" title="Automatic copying is stopped for today">
      Your copies lost more today than your daily loss limit{limit}. Nothing was sold, and you can still copy a trade
      yourself.
      {guards.dailyLossResumesOn
        ? ` Automatic copying resumes by itself on ${dayName(guards.dailyLossResumesOn)} (US Eastern time).`
        : null}
    </Alert>
  );
}
