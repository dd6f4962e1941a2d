import type { CopyInstanceView, UserView } from '@copytrade/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { showNotice } from '@/components/order-form/order-rules';
import { SellOrderForm, showSold, useSellOrderForm } from '@/components/order-form/sell-order-form';
import { Dialog } from '@/components/ui/dialog';
import { useAccounts } from '@/lib/brokerage/get-accounts';
import { copyTradingKeys } from '@/lib/copy-trading/query-keys';
import { closeCopy, sellCopyPosition } from '@/lib/copy-trading/sell-copy';
import { formatUsd } from '../utils/copy-rules';
import {
  copyPositionData,
  exitPriceOf,
  SELL_COPY_TEXTS,
  sellCopyErrorNotice,
} from '@/lib/copy-trading/sell-copy-rules';

export interface SellCopyDialogProps {
  user: UserView | null;
  /** The copied position to sell (open); null keeps the dialog closed. */
  copy: CopyInstanceView | null;
  onClose: () => void;
  /** Called once the sell went out (filled or accepted), after the lists were refreshed. */
  onSold?: (copy: CopyInstanceView) => void;
}

/**
 * 'Sell @ Market' of a copied position (docs/product.md#copy-dialog-and-sell): the quantity (1 to
 * what the copy still holds), 'I confirm this sell order', the six ordered checks, then POST
 * /api/snaptrade/sell-position under an X-Request-ID and, once the whole copy is sold, PUT
 * /api/copy-trades/{id}/close. Used by the Trading Terminal and the trace page (lazy-loaded there).
 */
export function SellCopyDialog({ user, copy, onClose, onSold }: SellCopyDialogProps) {
  return (
    <Dialog
      open={copy !== null}
      onClose={onClose}
      title={copy ? `Sell ${copy.originalTrade.symbol} @ Market` : 'Sell @ Market'}
      description="A market order at your brokerage: it fills at the next available price and cannot be undone."
      initialFocusSelector="input[type=number]"
    >
      {copy ? <SellCopyForm key={copy.id} user={user} copy={copy} onDone={onClose} onSold={onSold} /> : null}
    </Dialog>
  );
}

export default SellCopyDialog;

/** What the copy still holds (filled less what its sells took); older answers without it: the copy's quantity. */
const heldOf = (copy: CopyInstanceView) => (Number.isFinite(copy.heldQuantity) ? copy.heldQuantity : copy.copyQuantity);

function SellCopyForm({
  user,
  copy,
  onDone,
  onSold,
}: {
  user: UserView | null;
  copy: CopyInstanceView;
  onDone: () => void;
  onSold?: (copy: CopyInstanceView) => void;
}) {
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  const accounts = useAccounts({ userId, enabled: Boolean(user) });
  const held = heldOf(copy);
  const form = useSellOrderForm(held);
  const trade = copy.originalTrade;
  const unit = trade.isOptions ? 'contracts' : 'shares';

  const refreshLists = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: copyTradingKeys.copyTrades }),
      queryClient.invalidateQueries({ queryKey: copyTradingKeys.livePositions }),
      queryClient.invalidateQueries({ queryKey: copyTradingKeys.myCopies }),
    ]);

  const submit = async () => {
    if (form.order.pending) return;
    const check = await form.check({
      userId: user?.id ?? null,
      accountsLoading: accounts.isLoading,
      refetchFirstAccountId: async () => {
        const list = (await accounts.refetch()).data ?? [];
        // The copy is sold from the account it was placed in, when the user still has it; else the first.
        return (list.find((account) => account.id === copy.brokerageAccountId) ?? list[0])?.id ?? null;
      },
    });
    if (!check) return;
    let response;
    try {
      response = await form.order.submit((requestId) =>
        sellCopyPosition({
          userId,
          accountId: check.accountId,
          positionData: copyPositionData(copy, userId, check.quantity),
          confirmRisks: true,
          requestId,
        }),
      );
    } catch (error) {
      showNotice(sellCopyErrorNotice(error));
      return;
    }
    if (!response) return;
    if (response.status !== 'filled') {
      // At the brokerage, not filled (or not confirmed) yet: the copy closes when the fill arrives.
      showNotice({ title: SELL_COPY_TEXTS.submittedTitle, description: response.message }, 'info');
    } else {
      const price = response.orderResult.price;
      showSold({ quantity: check.quantity, unit, symbol: trade.symbol, price: price ? formatUsd(price) : null });
      // The whole copy sold: record its close (a part sold leaves the copy open with the rest).
      if (check.quantity >= held) {
        try {
          await closeCopy(userId, copy.id, {
            exitPrice: exitPriceOf(price, copy),
            brokerageSellOrderId: response.orderResult.orderId,
          });
        } catch {
          showNotice({ title: SELL_COPY_TEXTS.trackingTitle, description: SELL_COPY_TEXTS.trackingText }, 'warning');
        }
      }
    }
    await refreshLists();
    onSold?.(copy);
    onDone();
  };

  return (
    <SellOrderForm
      form={form}
      unit={unit}
      heldText={String(held)}
      summary={[
        { label: 'Position', value: `${held} ${unit}`, numeric: true },
        { label: 'My Entry Price', value: formatUsd(copy.copyEntryPrice), numeric: true },
        { label: 'Current Price', value: formatUsd(copy.copierCurrentPrice), numeric: true },
        { label: 'Order Type', value: 'Market' },
      ]}
      onSubmit={submit}
      onCancel={onDone}
    />
  );
}
