import type { CopyInstanceView, TradeView, UserView } from '@copytrade/contracts';
import { lazy, Suspense, useState } from 'react';
import type { CopyDialogControls } from '@/lib/copy-trading/copy-dialogs-host';

// The copy and sell dialogs are chunks of their own (shared by the terminal and the trace page), loaded when first opened.
const CopyTradeDialog = lazy(() => import('./copy-trade-dialog'));
const SellCopyDialog = lazy(() => import('./sell-copy-dialog'));

/**
 * The Copy Trade and Sell @ Market dialogs of a list of trades: `startCopy` / `startSell` open them, `dialogs` is
 * what to render. Each dialog is mounted from its first use on, so closing animates and returns focus to the button.
 */
export function useCopyDialogs(user: UserView | null): CopyDialogControls {
  const [copying, setCopying] = useState<{ traceId: string; trade: TradeView } | null>(null);
  const [copyLoaded, setCopyLoaded] = useState(false);
  const [selling, setSelling] = useState<CopyInstanceView | null>(null);
  const [sellLoaded, setSellLoaded] = useState(false);

  const startCopy = (traceId: string, trade: TradeView) => {
    setCopyLoaded(true);
    setCopying({ traceId, trade });
  };
  const startSell = (copy: CopyInstanceView) => {
    setSellLoaded(true);
    setSelling(copy);
  };

  const dialogs = (
    <>
      {copyLoaded ? (
        <Suspense fallback={null}>
          <CopyTradeDialog
            traceId={copying?.traceId ?? ''}
            user={user}
            trade={copying?.trade ?? null}
            onClose={() => setCopying(null)}
          />
        </Suspense>
      ) : null}
      {sellLoaded ? (
        <Suspense fallback={null}>
          <SellCopyDialog user={user} copy={selling} onClose={() => setSelling(null)} />
        </Suspense>
      ) : null}
    </>
  );
  return { startCopy, startSell, dialogs };
}
