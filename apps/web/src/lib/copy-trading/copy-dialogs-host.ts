import type { CopyInstanceView, TradeView, UserView } from '@copytrade/contracts';
import type { ComponentType, ReactNode } from 'react';

/** What a screen does with the copy and sell dialogs: open one, and where to render them. */
export interface CopyDialogControls {
  startCopy: (traceId: string, trade: TradeView) => void;
  startSell: (copy: CopyInstanceView) => void;
  dialogs: ReactNode;
}

/**
 * The copy and sell dialogs as an injected hook: screens that offer copying (the trace page, the Trading Terminal)
 * take it from the app, which passes the copy-trading feature's `useCopyDialogs`, so no screen imports another
 * feature. It is fixed for the screen's life, so it is called like any hook.
 */
export type UseCopyDialogs = (user: UserView | null) => CopyDialogControls;

/** The Copy Trade dialog as a slot (the admin Dev tab opens it with demo trades); `trade` null closes it. */
export type CopyTradeDialogSlot = ComponentType<{
  traceId: string;
  user: UserView | null;
  trade: TradeView | null;
  onClose: () => void;
}>;
