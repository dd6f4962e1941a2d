import { AVAILABLE_BROKERAGE, parseOccSymbol } from '@copytrade/contracts/rules';
import type { QuoteView, UserView } from '@copytrade/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CreditCardIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { isProviderRegistered } from '@/lib/provider-registration';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePaperAccounts, usePaperPositions } from '../api/get-paper-accounts';
import { usePaperMarket } from '../api/get-paper-market';
import { usePlacePaperOrder } from '../api/place-paper-order';
import { emptyDraft, quoteSymbolOf, type OrderDraft } from '../utils/order-draft';
import { MarketQuotesCard } from './market-quotes-card';
import { OrderForm } from './order-form';
import { OrderResult } from './order-result';
import { PaperAccountsCard, PaperPositionsCard } from './paper-accounts-card';
import '../paper-broker.css';

/** The tickers the trading page always quotes (the endpoint takes up to 10 symbols). */
export const WATCHLIST = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'SPY'] as const;
const MAX_SYMBOLS = 10;

export const PAPER_TRADING_TITLE = `${AVAILABLE_BROKERAGE.name} Paper Trading`;

function NoAccounts({ registered }: { registered: boolean }) {
  return (
    <Card>
      <CardContent>
        <div className="empty-state">
          <CreditCardIcon size={22} className="empty-state__icon" />
          <p className="empty-state__title">No paper accounts yet</p>
          <p className="empty-state__text">
            {registered
              ? `Connect ${AVAILABLE_BROKERAGE.name} from Settings → Brokerage to open your paper accounts.`
              : `Register with SnapTrade and connect ${AVAILABLE_BROKERAGE.name} from Settings → Brokerage to open your paper accounts.`}
          </p>
          <Link
            to={paths.app.settings.getHref('brokerage')}
            className={buttonClassName({ variant: 'primary', size: 'sm' })}
          >
            Go to Settings
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The paper broker's own small trading page (outside the product's screens): the user's paper accounts,
 * quotes, and a market order ticket for a stock or an option, sent with an X-Request-ID per submit.
 */
export function PaperTrading({ user }: { user: UserView }) {
  const registered = isProviderRegistered(user);
  const accounts = usePaperAccounts({ userId: user.id, enabled: registered });
  const [draft, setDraft] = useState<OrderDraft>(() => emptyDraft());
  const list = accounts.data ?? [];
  const selectedId = list.some((account) => account.id === draft.accountId) ? draft.accountId : list[0]?.id;
  const effectiveDraft = { ...draft, accountId: selectedId ?? '' };
  const positions = usePaperPositions({ userId: user.id, accountId: selectedId });
  const order = usePlacePaperOrder({ userId: user.id });

  const quoteSymbol = useDebouncedValue(quoteSymbolOf(effectiveDraft), 400);
  const symbols = useMemo(() => {
    const wanted =
      quoteSymbol && !(WATCHLIST as readonly string[]).includes(quoteSymbol)
        ? [quoteSymbol, ...WATCHLIST]
        : [...WATCHLIST];
    return wanted.slice(0, MAX_SYMBOLS);
  }, [quoteSymbol]);
  const market = usePaperMarket(symbols);
  const quote = market.data?.quotes.find((candidate) => candidate.symbol === quoteSymbolOf(effectiveDraft));

  const pick = (picked: QuoteView) => {
    const contract = parseOccSymbol(picked.symbol);
    setDraft((current) =>
      contract
        ? {
            ...current,
            instrument: 'option',
            symbol: contract.underlying,
            optionType: contract.optionType,
            strikePrice: contract.strikePrice,
            expirationDate: contract.expirationDate,
          }
        : { ...current, instrument: 'stock', symbol: picked.symbol },
    );
  };

  const notRegistered =
    !registered ||
    (accounts.isError && isApiError(accounts.error) && accounts.error.code === 'PROVIDER_USER_NOT_REGISTERED');

  let accountsArea;
  if (notRegistered) accountsArea = <NoAccounts registered={false} />;
  else if (accounts.isPending) {
    accountsArea = (
      <Card aria-busy="true">
        <CardContent className="stack">
          <span className="sr-only" role="status">
            Loading paper accounts...
          </span>
          <Skeleton width="60%" height={14} />
          <Skeleton width="100%" height={14} />
        </CardContent>
      </Card>
    );
  } else if (accounts.isError && !accounts.data) {
    accountsArea = (
      <Card>
        <CardContent>
          <div className="inline-error" role="alert">
            <span>Couldn&apos;t load your paper accounts.</span>
            <button type="button" className="link-button" onClick={() => void accounts.refetch()}>
              Retry
            </button>
          </div>
        </CardContent>
      </Card>
    );
  } else if (list.length === 0) accountsArea = <NoAccounts registered />;
  else accountsArea = <PaperAccountsCard accounts={list} selectedId={selectedId} />;

  return (
    <div className="paper-page">
      <div className="page__header">
        <h1 className="page__title">{PAPER_TRADING_TITLE}</h1>
        <p className="page__note">
          A simulated brokerage: market orders fill at simulated prices during market hours. Nothing here is real money.
        </p>
      </div>
      <div className="paper-page__grid">
        <div className="paper-page__main">
          <OrderForm
            accounts={list}
            draft={effectiveDraft}
            onDraftChange={setDraft}
            quote={quote}
            onSubmit={order.submit}
            submitting={order.isPending}
            disabled={list.length === 0}
          />
          <div aria-live="polite">
            <OrderResult
              data={order.data}
              error={order.error}
              canRetry={order.canRetry}
              retrying={order.isPending}
              onRetry={order.retry}
            />
          </div>
        </div>
        <div className="paper-page__side">
          {accountsArea}
          {selectedId ? (
            <PaperPositionsCard
              query={positions}
              accountName={list.find((account) => account.id === selectedId)?.name}
            />
          ) : null}
          <MarketQuotesCard query={market} onPick={pick} />
        </div>
      </div>
    </div>
  );
}
