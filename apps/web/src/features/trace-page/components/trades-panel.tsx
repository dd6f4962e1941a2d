import type { TradeView } from '@copytrade/contracts';
import { useId } from 'react';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { ClockIcon, LayersIcon } from '@/components/ui/icons';
import { useCopiesByTrade } from '@/lib/copy-trading/copies-by-trade';
import { useTraceTrades, type TradesVariant } from '@/lib/traces/get-trace-trades';
import { isApiError } from '@/lib/api-client';
import type { UseCopyDialogs } from '@/lib/copy-trading/copy-dialogs-host';
import { useSession } from '@/lib/auth';
import { TradesTable } from './trades-table';

export const TRADES_TEXTS = {
  copyNote: 'Copy a trade into your brokerage account with Copy Trade.',
  liveEmptyTitle: 'No open trades',
  liveEmptyText: 'Trades this trader shares and still holds show here.',
  pastEmptyTitle: 'No closed trades yet',
  pastEmptyText: 'Shared trades show here once the trader closes them.',
  failed: "Couldn't load the trades.",
} as const;

const updatedAt = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/**
 * Live Trades (the open ones of the owner's list, or of the fallback list) or Past Trades (the closed list),
 * refreshed every 30 s. Live trades can be copied (the copy-trade dialog); a copied one shows 'Copied' and, while
 * the copy is open, 'Sell @ Market' (the sell-copy dialog). Both dialogs are lazy chunks.
 */
export function TradesPanel({
  traceId,
  userId,
  kind,
  owner,
  useCopyDialogs,
}: {
  traceId: string;
  userId: string;
  kind: 'live' | 'past';
  owner: boolean;
  useCopyDialogs: UseCopyDialogs;
}) {
  const titleId = useId();
  const { user } = useSession();
  // The dialogs are lazy chunks (the trace route stays within its budget).
  const { startCopy, startSell, dialogs } = useCopyDialogs(user);
  const variant: TradesVariant = kind === 'past' ? 'closed' : owner ? 'owner' : 'fallback';
  const trades = useTraceTrades({ traceId, userId, variant });
  const live = kind === 'live';
  // One read of the user's copies for every live row ('Copied', 'Sell @ Market'), never one per row.
  const copies = useCopiesByTrade(userId, { enabled: live });
  const title = live ? 'Live Trades' : 'Past Trades';

  let body;
  if (trades.isPending) {
    body = <LoadingRows label={`Loading ${title.toLowerCase()}...`} count={4} />;
  } else if (trades.isError && !trades.data) {
    const message =
      isApiError(trades.error) && trades.error.code === 'SUBSCRIPTION_REQUIRED'
        ? (trades.error.serverMessage ?? TRADES_TEXTS.failed)
        : TRADES_TEXTS.failed;
    body = (
      <LoadError onRetry={() => void trades.refetch()} retrying={trades.isFetching}>
        {message}
      </LoadError>
    );
  } else {
    const rows = trades.data.filter((trade) => trade.status === (live ? 'open' : 'closed'));
    body =
      rows.length === 0 ? (
        <div className="empty-state">
          <LayersIcon size={20} className="empty-state__icon" />
          <p className="empty-state__title">{live ? TRADES_TEXTS.liveEmptyTitle : TRADES_TEXTS.pastEmptyTitle}</p>
          <p className="empty-state__text">{live ? TRADES_TEXTS.liveEmptyText : TRADES_TEXTS.pastEmptyText}</p>
        </div>
      ) : (
        <TradesTable
          trades={rows}
          kind={kind}
          labelledBy={titleId}
          copies={live ? copies : undefined}
          onCopy={live ? (trade: TradeView) => startCopy(traceId, trade) : undefined}
          onSell={live ? startSell : undefined}
        />
      );
  }

  return (
    <section className="card trace-trades" aria-labelledby={titleId}>
      <div className="card__header">
        <div className="card__header-row">
          <h2 id={titleId} className="card__title">
            {title}
          </h2>
          {trades.dataUpdatedAt ? (
            <span className="trace-trades__updated muted small">
              <ClockIcon size={12} />
              Updated {updatedAt.format(new Date(trades.dataUpdatedAt))} · refreshes every 30 s
            </span>
          ) : null}
        </div>
        {live ? (
          <p className="card__description">{TRADES_TEXTS.copyNote} Options prices are shown per contract.</p>
        ) : (
          <p className="card__description">
            Closed shared trades with their realized P&amp;L. Options prices per contract.
          </p>
        )}
      </div>
      <div className="card__content">{body}</div>
      {dialogs}
    </section>
  );
}
