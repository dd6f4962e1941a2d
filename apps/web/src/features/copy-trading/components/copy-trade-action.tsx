import type { TradeView } from '@copytrade/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckIcon, CopyIcon } from '@/components/ui/icons';
import { useCopyOfTrade } from '../api/copy-trade';

/**
 * The Live Trades action of one trade (seed 001 §2.3, §4): 'Copied' once the user has a copy of it (open or closed:
 * a trade is copied once), 'Copy pending' while the brokerage has not filled or confirmed it, else 'Copy Trade'.
 * Closed trades are not offered (they are not live). The copy comes from the server's record, so it shows after a
 * reload too, and at once after the user's own copy (the dialog writes its result into the same cache entry).
 */
export function CopyTradeAction({
  trade,
  userId,
  onCopy,
}: {
  trade: TradeView;
  userId: string;
  onCopy: (trade: TradeView) => void;
}) {
  const copy = useCopyOfTrade(userId, trade.id, { enabled: trade.status === 'open' });
  const status = copy.data?.status;
  if (status === 'open' || status === 'closed')
    return (
      <Badge variant="success">
        <CheckIcon size={12} />
        Copied
      </Badge>
    );
  if (status === 'pending') return <Badge variant="warning">Copy pending</Badge>;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={trade.status !== 'open' || copy.isPending}
      aria-label={`Copy Trade ${trade.symbol}`}
      onClick={() => onCopy(trade)}
    >
      <CopyIcon size={12} />
      Copy Trade
    </Button>
  );
}
