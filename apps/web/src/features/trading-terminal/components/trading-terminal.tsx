import type { LivePositionView, UserView } from '@copytrade/contracts';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { LoadError } from '@/components/ui/data-state';
import { ClockIcon, LayersIcon, LinkIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { useSubscriptions } from '@/lib/traces/get-subscriptions';
import { useLivePositions } from '@/lib/copy-trading/get-live-positions';
import type { UseCopyDialogs } from '@/lib/copy-trading/copy-dialogs-host';
import { useTerminalNotifications } from '../hooks/use-terminal-notifications';
import {
  followedTraces,
  openCopyOf,
  POSITION_FILTERS,
  subscribedPositions,
  summarize,
  summarizeByTrace,
  tradeOfPosition,
  visiblePositions,
  type PositionFilter,
} from '../utils/terminal';
import { PortfolioOverview, TraderCards } from './portfolio-overview';
import { PositionCard } from './position-card';
import { TraderStrip } from './trader-strip';
import '../trading-terminal.css';

export const TERMINAL_TEXTS = {
  title: 'Trading Terminal',
  note: 'Live positions from the traders you subscribe to. Copy a trade into your brokerage account.',
  connectTitle: 'Connect a brokerage to copy trades',
  connectText: 'Link your brokerage account in Settings to copy these positions into it.',
  connect: 'Connect Brokerage',
  emptyTitle: 'No live positions',
  emptyText: 'Open trades shared by the traders you subscribe to show here as they happen.',
  noTradersText: "You don't subscribe to any trader yet. Find one to follow in Discover Traders.",
  discover: 'Discover Traders',
  noMatchTitle: 'No matching positions',
  noMatchText: 'No position matches your search and filter.',
  failed: "Couldn't load your live positions.",
  warningsTitle: 'Some prices could not be updated',
} as const;

const updatedAt = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

function TerminalSkeleton() {
  return (
    <div className="tt-skeleton" aria-busy="true">
      <span className="sr-only" role="status">
        Loading live positions...
      </span>
      <Skeleton width="100%" height={96} />
      <div className="tt-positions">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} width="100%" height={200} />
        ))}
      </div>
    </div>
  );
}

function EmptyState({ title, text, discover }: { title: string; text: string; discover?: boolean }) {
  return (
    <div className="empty-state">
      <LayersIcon size={20} className="empty-state__icon" />
      <p className="empty-state__title">{title}</p>
      <p className="empty-state__text">{text}</p>
      {discover ? (
        <Link to={paths.app.discovery.getHref()} className={buttonClassName({ size: 'sm', variant: 'outline' })}>
          {TERMINAL_TEXTS.discover}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The Trading Terminal (docs/product.md#trading-terminal): the live feed of the followed traders' open shared positions (refreshed
 * every 30 s and at once by the live push), search by symbol or trader, All / Recent / Profitable, the notifications
 * switch, the trader strip, the portfolio overview with per-trader cards when several traders are followed, and
 * Copy (the copy dialog) or, once copied, 'Copied' and Sell @ Market on each position. The dialogs come from
 * `useCopyDialogs` (composed by the route).
 */
export function TradingTerminal({ user, useCopyDialogs }: { user: UserView; useCopyDialogs: UseCopyDialogs }) {
  const ids = { search: useId(), feed: useId(), notifications: useId() };
  const livePositions = useLivePositions(user.id);
  const subscriptions = useSubscriptions(user.id);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<PositionFilter>('all');
  const copyDialogs = useCopyDialogs(user);

  const followed = useMemo(() => followedTraces(subscriptions.data ?? []), [subscriptions.data]);
  const positions = useMemo(
    () =>
      livePositions.data && subscriptions.data
        ? subscribedPositions(livePositions.data.positions, followed)
        : undefined,
    [livePositions.data, subscriptions.data, followed],
  );
  const notifications = useTerminalNotifications(positions);

  const startCopy = (position: LivePositionView) => copyDialogs.startCopy(position.traceId, tradeOfPosition(position));
  const startSell = (position: LivePositionView) => {
    const copy = openCopyOf(position);
    if (copy) copyDialogs.startSell(copy);
  };

  let body;
  if (livePositions.isPending || subscriptions.isPending) {
    body = <TerminalSkeleton />;
  } else if (!positions) {
    body = (
      <LoadError
        onRetry={() => {
          if (livePositions.isError) void livePositions.refetch();
          if (subscriptions.isError) void subscriptions.refetch();
        }}
        retrying={livePositions.isFetching || subscriptions.isFetching}
      >
        {TERMINAL_TEXTS.failed}
      </LoadError>
    );
  } else {
    const shown = visiblePositions(positions, { search, filter });
    const counts = new Map<string, number>();
    for (const position of positions) counts.set(position.traceId, (counts.get(position.traceId) ?? 0) + 1);
    const { error, apiWarnings } = livePositions.data!;
    body = (
      <>
        <TraderStrip traders={followed} positionsByTrace={counts} />
        <PortfolioOverview summary={summarize(positions)} subscriptions={followed.length} />
        {followed.length > 1 ? <TraderCards traders={summarizeByTrace(positions, followed)} /> : null}

        <section className="tt-feed" aria-labelledby={ids.feed}>
          <div className="tt-feed__head">
            <h2 id={ids.feed} className="tt-section-title">
              Live Positions
            </h2>
            <span className="muted small tt-feed__updated">
              <ClockIcon size={12} />
              Updated {updatedAt.format(new Date(livePositions.dataUpdatedAt))} · refreshes every 30 s
            </span>
          </div>
          <div className="tt-toolbar">
            <div className="tt-toolbar__search">
              <Label htmlFor={ids.search} className="sr-only">
                Search by symbol or trader
              </Label>
              <Input
                id={ids.search}
                type="search"
                placeholder="Search by symbol or trader"
                autoComplete="off"
                maxLength={100}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <div className="tt-filter" role="group" aria-label="Filter positions">
              {POSITION_FILTERS.map((option) => (
                <Button
                  key={option.value}
                  size="sm"
                  variant={filter === option.value ? 'primary' : 'ghost'}
                  aria-pressed={filter === option.value}
                  onClick={() => setFilter(option.value)}
                >
                  {option.label}
                </Button>
              ))}
            </div>
          </div>
          {error || apiWarnings.length > 0 ? (
            <Alert variant="warning" title={TERMINAL_TEXTS.warningsTitle}>
              {error ? <span>{error}</span> : null}
              {apiWarnings.length > 0 ? (
                <ul className="tt-warnings">
                  {apiWarnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
          {positions.length === 0 ? (
            <EmptyState
              title={TERMINAL_TEXTS.emptyTitle}
              text={followed.length === 0 ? TERMINAL_TEXTS.noTradersText : TERMINAL_TEXTS.emptyText}
              discover={followed.length === 0}
            />
          ) : shown.length === 0 ? (
            <EmptyState title={TERMINAL_TEXTS.noMatchTitle} text={TERMINAL_TEXTS.noMatchText} />
          ) : (
            <div className="tt-positions">
              {shown.map((position) => (
                <PositionCard
                  key={position.id}
                  position={position}
                  brokerageConnected={user.brokerageConnected}
                  onCopy={startCopy}
                  onSell={startSell}
                />
              ))}
            </div>
          )}
        </section>
      </>
    );
  }

  return (
    <div className="page page--terminal">
      <title>Trading Terminal · CopyTrade</title>
      <header className="page__header page__header--split">
        <div className="tt-header__text">
          <h1 className="page__title">{TERMINAL_TEXTS.title}</h1>
          <p className="page__note">{TERMINAL_TEXTS.note}</p>
        </div>
        <div className="switch-row tt-header__notifications">
          <Label htmlFor={ids.notifications}>Notifications</Label>
          <Switch id={ids.notifications} checked={notifications.enabled} onCheckedChange={notifications.setEnabled} />
        </div>
      </header>

      {!user.brokerageConnected ? (
        <Alert variant="info" title={TERMINAL_TEXTS.connectTitle} className="tt-connect">
          <span>{TERMINAL_TEXTS.connectText}</span>
          <Link to={paths.app.settings.getHref()} className={buttonClassName({ size: 'sm', variant: 'primary' })}>
            <LinkIcon size={12} />
            {TERMINAL_TEXTS.connect}
          </Link>
        </Alert>
      ) : null}

      {body}

      {copyDialogs.dialogs}
    </div>
  );
}
