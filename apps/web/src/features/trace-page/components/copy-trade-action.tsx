import type { CopyInstanceView, TradeView } from '@copytrade/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckIcon, CopyIcon } from '@/components/ui/icons';

/**
 * The Live Trades action of one trade (docs/product.md#trace-page): 'Copied' once the user has a copy of it (open or
 * closed: a trade is copied once), with 'Sell @ Market' while the copy is open; 'Copy pending' while the brokerage has
 * not filled or confirmed it; else 'Copy Trade'. Closed trades are not offered (they are not live). The copy is the
 * page's (one request for all rows), so it shows after a reload too.
 */
export function CopyTradeAction({
  trade,
  copy,
  loading,
  onCopy,
  onSell,
}: {
  trade: TradeView;
  copy: CopyInstanceView | null;
  /** The user's copies are still being read: Copy Trade waits. */
  loading: boolean;
  onCopy: (trade: TradeView) => void;
  onSell?: (copy: CopyInstanceView) => void;
}) {
  const status = copy?.status;
  if (copy && (status === 'open' || status === 'closed'))
    return (
      <span className="copy-action">
        <Badge variant="success">
          <CheckIcon size={12} />
          Copied
        </Badge>
        {status === 'open' && onSell ? (
          <Button size="sm" variant="danger" aria-label={`Sell @ Market ${trade.symbol}`} onClick={() => onSell(copy)}>
            Sell @ Market
          </Button>
        ) : null}
      </span>
    );
  if (status === 'pending') return <Badge variant="warning">Copy pending</Badge>;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={trade.status !== 'open' || loading}
      aria-label={`Copy Trade ${trade.symbol}`}
      onClick={() => onCopy(trade)}
    >
      <CopyIcon size={12} />
      Copy Trade
    </Button>
  );
}
