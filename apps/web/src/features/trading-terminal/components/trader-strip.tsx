import type { SubscriptionView } from '@copytrade/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { traderStrip } from '../utils/terminal';

/**
 * The live trader strip (docs/product.md#trading-terminal): the first 3 followed traders, each with how many live
 * positions they hold, plus '+N more'.
 */
export function TraderStrip({
  traders,
  positionsByTrace,
}: {
  traders: readonly SubscriptionView[];
  positionsByTrace: ReadonlyMap<string, number>;
}) {
  const { shown, more } = traderStrip(traders);
  if (shown.length === 0) return null;
  return (
    <nav className="card tt-strip" aria-label="Live traders">
      <span className="tt-strip__live" aria-hidden="true" />
      <ul className="tt-strip__list">
        {shown.map((trader) => {
          const count = positionsByTrace.get(trader.traceId) ?? 0;
          return (
            <li key={trader.traceId}>
              <Link to={paths.app.trace.getHref(trader.traceId)} className="tt-strip__trader">
                <Avatar src={trader.trace.avatar} name={trader.trace.name} size={24} />
                <span className="tt-strip__name">{trader.trace.name}</span>
                <span className="tt-strip__count muted small">
                  {count} {count === 1 ? 'position' : 'positions'}
                </span>
              </Link>
            </li>
          );
        })}
        {more > 0 ? <li className="tt-strip__more muted small">+{more} more</li> : null}
      </ul>
    </nav>
  );
}
