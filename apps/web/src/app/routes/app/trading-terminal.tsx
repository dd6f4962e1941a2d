import { useCopyDialogs } from '@/features/copy-trading/components/copy-dialogs';
import { TradingTerminal } from '@/features/trading-terminal/components/trading-terminal';
import { useSession } from '@/lib/auth';

/** `/trading-terminal` (seed 001 §2.1): the live positions of the traders the user subscribes to. */
export function TradingTerminalRoute() {
  const { user } = useSession();
  if (!user) return null;
  return <TradingTerminal user={user} useCopyDialogs={useCopyDialogs} />;
}
