import type { CopyTradeDialogSlot } from '@/lib/copy-trading/copy-dialogs-host';

/**
 * What every admin tab receives: the signed-in admin's id (the panel never acts on one's own row where refused),
 * and the copy-trade dialog the Dev tab demonstrates (composed by the route: it belongs to another feature).
 */
export interface AdminTabProps {
  userId: string;
  copyTradeDialog: CopyTradeDialogSlot;
}
