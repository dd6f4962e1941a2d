import type { OwnerTradeView, UserView } from '@copytrade/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field, FieldHint, Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { isNetworkError } from '@/lib/api-client';
import { traceDashboardKeys } from '../api/query-keys';
import { sellPosition, useOwnerAccounts, type SellPositionInput } from '../api/sell-position';
import { money, quantity as formatQuantity } from '../utils/format';
import { parseQuantity, runSellChecks, SELL_CONFIRM_LABEL, sellErrorNotice } from '../utils/sell-checks';

/** Seed 001 §9: the success toast lasts 3 s. */
const SUCCESS_TOAST_MS = 3_000;

const newRequestId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The owner's Sell @ Market dialog (seed 001 §2.8, §4 sell checks, §7 sell-position, §8 owner sell toasts). */
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
  const ids = { quantity: useId(), hint: useId(), confirm: useId() };
  const queryClient = useQueryClient();
  const accounts = useOwnerAccounts(user?.id ?? '', { enabled: Boolean(user) });
  const [rawQuantity, setRawQuantity] = useState(String(trade.quantity));
  const [confirmed, setConfirmed] = useState(false);
  const [pending, setPending] = useState(false);
  // The same id for a retry whose outcome is unknown (network error), so the order is placed at most once.
  const requestId = useRef(newRequestId());
  const quantity = parseQuantity(rawQuantity);
  const unit = trade.isOptions ? 'contracts' : 'shares';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const check = await runSellChecks({
      position: trade,
      userId: user?.id ?? null,
      accountsLoading: accounts.isLoading,
      refetchFirstAccountId: async () => (await accounts.refetch()).data?.[0]?.id ?? null,
      confirmed,
      quantity,
    });
    if (!check.ok) {
      if (check.kind === 'info') toast.info(check.notice.title, { description: check.notice.description });
      else toast.error(check.notice.title, { description: check.notice.description });
      return;
    }
    const input: SellPositionInput = {
      userId: user!.id,
      accountId: check.accountId,
      positionData: {
        symbol: trade.symbol,
        quantity: check.quantity,
        isOptions: trade.isOptions,
        orderType: 'Market',
        price: null,
        traceId: traceId || 'unknown',
        ...(trade.isOptions
          ? {
              optionsTicker: trade.optionsTicker,
              optionType: trade.optionType,
              strikePrice: trade.strikePrice,
              expirationDate: trade.expirationDate,
            }
          : {}),
      },
      confirmRisks: true,
      requestId: requestId.current,
    };
    setPending(true);
    try {
      const response = await sellPosition(input);
      if (response.status === 'filled') {
        const price = response.orderResult?.price ?? null;
        toast.success('✅ Sell Order Placed', {
          description: `Sold ${formatQuantity(check.quantity)} ${unit} of ${trade.symbol} at market${price ? ` (${money(price)})` : ''}.`,
          duration: SUCCESS_TOAST_MS,
        });
      } else {
        // Accepted but not filled yet, or awaiting the brokerage: the trade closes when the fill arrives.
        toast.info('Sell Order Submitted', { description: response.message });
      }
      await queryClient.invalidateQueries({ queryKey: traceDashboardKeys.trades(traceId) });
      onDone();
    } catch (error) {
      if (!isNetworkError(error)) requestId.current = newRequestId();
      const notice = sellErrorNotice(error);
      toast.error(notice.title, { description: notice.description, duration: notice.duration });
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <dl className="owner-sell__summary">
        <div>
          <dt>Position</dt>
          <dd className="tabular">
            {formatQuantity(trade.quantity)} {unit}
          </dd>
        </div>
        <div>
          <dt>Current Price</dt>
          <dd className="tabular">{money(trade.currentPrice)}</dd>
        </div>
        <div>
          <dt>Order Type</dt>
          <dd>Market</dd>
        </div>
      </dl>
      <Field>
        <Label htmlFor={ids.quantity}>Quantity ({unit})</Label>
        <Input
          id={ids.quantity}
          type="number"
          inputMode="numeric"
          min={1}
          max={trade.quantity}
          step={1}
          value={rawQuantity}
          onChange={(event) => setRawQuantity(event.target.value)}
          aria-describedby={ids.hint}
        />
        <FieldHint id={ids.hint}>Between 1 and {formatQuantity(trade.quantity)}.</FieldHint>
      </Field>
      <label className="owner-choice" htmlFor={ids.confirm}>
        <input
          id={ids.confirm}
          type="checkbox"
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
        {SELL_CONFIRM_LABEL}
      </label>
      <DialogFooter>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!confirmed || quantity <= 0 || pending}>
          {pending ? 'Selling...' : 'Sell @ Market'}
        </Button>
      </DialogFooter>
    </form>
  );
}
