import { useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { CheckIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { formatCount, formatHandle } from '@/lib/format/profile';
import { formatSignedPercent, formatSignedUsd, formatUsd } from '@/lib/format/money';
import type { OnboardingTrader } from '../api/get-onboarding-trader';
import { ONBOARDING_TEXTS } from './onboarding-texts';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const tradeTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function formatTradeTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : tradeTime.format(date);
}

const direction = (value: number): 'gain' | 'loss' | undefined => (value > 0 ? 'gain' : value < 0 ? 'loss' : undefined);

type RecentTrade = OnboardingTrader['trades'][number];

function TradeRow({ trade }: { trade: RecentTrade }) {
  return (
    <li className="onboarding-trade">
      <Badge variant={trade.side === 'buy' ? 'success' : 'danger'} className="onboarding-trade__action">
        {trade.side.toUpperCase()}
      </Badge>
      <span className="onboarding-trade__symbol mono">{trade.symbol}</span>
      <span className="onboarding-trade__price tabular">
        <span className="sr-only">Price </span>
        {formatUsd(trade.price)}
      </span>
      <span className={cn('onboarding-trade__pnl tabular', direction(trade.unrealizedPnl))}>
        <span className="sr-only">P&amp;L </span>
        {formatSignedUsd(trade.unrealizedPnl)}
      </span>
      <time className="onboarding-trade__time muted" dateTime={trade.executedAt}>
        {formatTradeTime(trade.executedAt)}
      </time>
    </li>
  );
}

/**
 * The designated trader (docs/product.md#onboarding-wizard): avatar, name, handle, verified badge, description, win
 * rate, monthly return, followers and up to 3 recent trades (action, symbol, price, pnl, time).
 */
export function TraderCard({ trader }: { trader: OnboardingTrader }) {
  const nameId = useId();
  const tradesId = useId();
  const about = trader.description || trader.bio;
  return (
    <section className="card onboarding-trader" aria-labelledby={nameId} data-testid="onboarding-trader">
      <div className="onboarding-trader__head">
        <Avatar src={trader.avatar} name={trader.name} size={56} />
        <div className="onboarding-trader__identity">
          <div className="onboarding-trader__name-row">
            <h2 id={nameId} className="onboarding-trader__name">
              {trader.name}
            </h2>
            {trader.isVerified ? (
              <Badge variant="new">
                <CheckIcon size={12} />
                Verified
              </Badge>
            ) : null}
          </div>
          <p className="onboarding-trader__handle mono">{formatHandle(trader.handle)}</p>
        </div>
      </div>
      {about ? <p className="onboarding-trader__about">{about}</p> : null}

      <dl className="onboarding-trader__stats">
        <div className="onboarding-stat">
          <dt>Win Rate</dt>
          <dd className="tabular">{percent.format(trader.winRate)}%</dd>
        </div>
        <div className="onboarding-stat">
          <dt>Monthly Return</dt>
          <dd className={cn('tabular', direction(trader.monthlyReturn))}>
            {formatSignedPercent(trader.monthlyReturn / 100)}
          </dd>
        </div>
        <div className="onboarding-stat">
          <dt>Followers</dt>
          <dd className="tabular">{formatCount(trader.subscriberCount)}</dd>
        </div>
      </dl>

      <h3 id={tradesId} className="onboarding-trader__subtitle">
        Recent Trades
      </h3>
      {trader.trades.length > 0 ? (
        <ul className="onboarding-trades" aria-labelledby={tradesId}>
          {trader.trades.map((trade, index) => (
            <TradeRow key={`${trade.symbol}-${trade.executedAt}-${index}`} trade={trade} />
          ))}
        </ul>
      ) : (
        <p className="muted small">{ONBOARDING_TEXTS.noTrades}</p>
      )}
    </section>
  );
}
