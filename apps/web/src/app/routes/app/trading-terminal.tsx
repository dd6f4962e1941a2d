import { useCopyDialogs } from '@/features/copy-trading/components/copy-dialogs';
import { TradingTerminal } from '@/features/trading-terminal/components/trading-terminal';
import { useSession } from '@/lib/auth';

/** `/trading-terminal` (docs/product.md#trading-terminal): the live positions of the traders the user subscribes to. */
export function TradingTerminalRoute() {
  const { user } = useSession();
  if (!user) return null;
  return <TradingTerminal user={user} useCopyDialogs={useCopyDialogs} />;
}
