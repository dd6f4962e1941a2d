import type { OwnerTradeView, UserView } from '@copytrade/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { showNotice } from '@/components/order-form/order-rules';
import { marketSellData, type SellPositionBody } from '@/components/order-form/sell-position';
import { SellOrderForm, showSold, useSellOrderForm } from '@/components/order-form/sell-order-form';
import { Dialog } from '@/components/ui/dialog';
import { traceDashboardKeys } from '../api/query-keys';
import { sellPosition, useOwnerAccounts } from '../api/sell-position';
import { formatMoney, formatQuantity } from '@/lib/format/trade';
import { sellErrorNotice } from '../utils/sell-checks';

/** The owner's Sell @ Market dialog (docs/product.md#trade-manager). */
export function SellDialog({
  traceId,
  user,
  trade,
  onClose,
}: {
  traceId: string;
  user: UserView | null;
  trade: OwnerTradeView | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={trade !== null}
      onClose={onClose}
      title={trade ? `Sell ${trade.symbol} @ Market` : 'Sell @ Market'}
      description="A market order at the brokerage: it fills at the next available price and cannot be undone."
    >
      {trade ? <SellForm key={trade.id} traceId={traceId} user={user} trade={trade} onDone={onClose} /> : null}
    </Dialog>
  );
}

function SellForm({
  traceId,
  user,
  trade,
  onDone,
}: {
  traceId: string;
  user: UserView | null;
  trade: OwnerTradeView;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const accounts = useOwnerAccounts(user?.id ?? '', { enabled: Boolean(user) });
  // The same request id for a retry whose outcome is unknown (network error), so the order is placed at most once.
  const form = useSellOrderForm(trade.quantity);
  const unit = trade.isOptions ? 'contracts' : 'shares';

  const submit = async () => {
    if (form.order.pending) return;
    const check = await form.check({
      userId: user?.id ?? null,
      accountsLoading: accounts.isLoading,
      refetchFirstAccountId: async () => (await accounts.refetch()).data?.[0]?.id ?? null,
    });
    if (!check) return;
    const input = (requestId: string): SellPositionBody => ({
      userId: user!.id,
      accountId: check.accountId,
      positionData: marketSellData(trade, traceId, check.quantity),
      confirmRisks: true,
      requestId,
    });
    let response;
    try {
      response = await form.order.submit((requestId) => sellPosition(input(requestId)));
    } catch (error) {
      showNotice(sellErrorNotice(error));
      return;
    }
    if (!response) return;
    if (response.status === 'filled') {
      const price = response.orderResult?.price ?? null;
      showSold({
        quantity: formatQuantity(check.quantity),
        unit,
        symbol: trade.symbol,
        price: price ? formatMoney(price) : null,
      });
    } else {
      // Accepted but not filled yet, or awaiting the brokerage: the trade closes when the fill arrives.
      showNotice({ title: 'Sell Order Submitted', description: response.message }, 'info');
    }
    await queryClient.invalidateQueries({ queryKey: traceDashboardKeys.trades(traceId) });
    onDone();
  };

  return (
    <SellOrderForm
      form={form}
      unit={unit}
      heldText={formatQuantity(trade.quantity)}
      summary={[
        { label: 'Position', value: `${formatQuantity(trade.quantity)} ${unit}`, numeric: true },
        { label: 'Current Price', value: formatMoney(trade.currentPrice), numeric: true },
        { label: 'Order Type', value: 'Market' },
      ]}
      onSubmit={submit}
      onCancel={onDone}
    />
  );
}
