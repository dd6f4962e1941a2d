import type { CopyTradeResponse, TradeView, UserView } from '@copytrade/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ConfirmCheckbox,
  OrderForm,
  OrderFormFooter,
  OrderSummary,
  QuantityField,
} from '@/components/order-form/order-form';
import { showNotice } from '@/components/order-form/order-rules';
import { useOrderSubmit } from '@/components/order-form/use-order-submit';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field, Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { useAccounts } from '@/lib/brokerage/get-accounts';
import { tracesKeys } from '@/lib/traces/query-keys';
import { isProviderRegistered } from '@/lib/provider-registration';
import { copyTradingKeys } from '@/lib/copy-trading/query-keys';
import { copyTrade, recordCopy, type CopyData, type CopyTradeBody } from '../api/copy-trade';
import {
  COPY_CONFIRM_LABEL,
  copyErrorNotice,
  estimateCopyAmount,
  formatUsd,
  isOutcomeUnknown,
  parseQuantity,
  quickQuantities,
  runCopyChecks,
  startingQuantity,
  UNEXPECTED_COPY_ERROR,
} from '../utils/copy-rules';
import '../copy-trading.css';

export const COPY_TEXTS = {
  successTitle: 'Trade Copied Successfully!',
  trackingIssueTitle: 'Trade Executed ✅ (Tracking Issue ⚠️)',
  trackingIssueText:
    'The order was placed, but recording the copy failed. Please check your brokerage account before copying again.',
  pendingTitle: 'Copy Pending',
  connectText: 'Connect a brokerage account in Settings to copy trades into it.',
} as const;

/** The per-share or per-contract price the trace page shows (options are stored in hundredths). */
const shownPrice = (trade: TradeView, stored: number) => (trade.isOptions ? stored / 100 : stored);

/**
 * The success text (docs/product.md#copy-dialog-and-sell): 'Copied {qty} contracts/shares of {symbol} for ${total}'.
 */
export const copiedText = (quantity: number, trade: Pick<TradeView, 'isOptions' | 'symbol'>, total: number) =>
  `Copied ${quantity} ${trade.isOptions ? 'contracts' : 'shares'} of ${trade.symbol} for ${formatUsd(total)}`;

/**
 * The copy-trade dialog (docs/product.md#copy-dialog-and-sell): the trade, the brokerage account, the quantity
 * (starting at the trader's, with 50 % / same / 2x) and the risk confirmation; the client checks in order, then the
 * copy under a request id and the second call. Lazy-loaded by the screens that open it (default export).
 */
export default function CopyTradeDialog({
  traceId,
  user,
  trade,
  onClose,
}: {
  traceId: string;
  user: UserView | null;
  trade: TradeView | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={trade !== null}
      onClose={onClose}
      title={trade ? `Copy ${trade.symbol} Trade` : 'Copy Trade'}
      description="A market order in your brokerage account: it fills at the next available price."
      initialFocusSelector="input[type=number]"
    >
      {trade ? <CopyForm key={trade.id} traceId={traceId} user={user} trade={trade} onDone={onClose} /> : null}
    </Dialog>
  );
}

type Pending = { body: CopyTradeBody; message: string };

function CopyForm({
  traceId,
  user,
  trade,
  onDone,
}: {
  traceId: string;
  user: UserView | null;
  trade: TradeView;
  onDone: () => void;
}) {
  const accountFieldId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userId = user?.id ?? '';
  const registered = isProviderRegistered(user);
  const accounts = useAccounts({ userId, enabled: Boolean(user) && registered });
  const accountList = accounts.data ?? [];
  const [chosenAccount, setChosenAccount] = useState<string | null>(null);
  // The first account (the primary, where copies go) unless the user chose another.
  const accountId = chosenAccount ?? accountList[0]?.id ?? '';
  // Unknown while the accounts load (then 'No Account Selected', not a trip to Settings); no accounts: not connected.
  const connected = registered && !(accounts.isSuccess && accountList.length === 0);
  const [rawQuantity, setRawQuantity] = useState(String(startingQuantity(trade.quantity)));
  const [confirmed, setConfirmed] = useState(false);
  // Set while the outcome of a submission is not known: it is asked again with the same body and request id
  // (the hook keeps the id then, and takes a new one after a refusal, when nothing was placed).
  const [pending, setPending] = useState<Pending | null>(null);
  const order = useOrderSubmit({ isOutcomeUnknown });
  const submitting = order.pending;
  const quantity = parseQuantity(rawQuantity);
  const quick = quickQuantities(trade.quantity);
  const unit = trade.isOptions ? 'contracts' : 'shares';

  const refreshLists = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tracesKeys.detail(traceId) }),
      queryClient.invalidateQueries({ queryKey: copyTradingKeys.livePositions }),
      queryClient.invalidateQueries({ queryKey: copyTradingKeys.myCopies }),
    ]);

  const onFilled = async (response: CopyTradeResponse) => {
    const copy = response.copyInstance;
    const copyData: CopyData = {
      copyEntryPrice: copy.copyEntryPrice ?? response.order.price,
      copyQuantity: copy.copyQuantity,
      copyAmount: copy.copyAmount,
      marketConditions: {
        originalTraderPnl: trade.unrealizedPnl,
        copyAdvantage:
          copy.copyEntryPrice !== null &&
          (trade.side === 'sell'
            ? copy.copyEntryPrice > copy.receipt.traderPrice
            : copy.copyEntryPrice < copy.receipt.traderPrice)
            ? 'better_price'
            : 'same_price',
      },
    };
    try {
      await recordCopy(userId, trade.id, copyData);
      toast.success(COPY_TEXTS.successTitle, {
        description: copiedText(copy.copyQuantity, trade, copy.copyAmount),
      });
    } catch {
      toast.warning(COPY_TEXTS.trackingIssueTitle, { description: COPY_TEXTS.trackingIssueText });
    }
    await refreshLists();
    onDone();
  };

  const send = async (body: CopyTradeBody) => {
    let response: CopyTradeResponse | undefined;
    try {
      response = await order.submit((requestId) => copyTrade(body, requestId));
    } catch (error) {
      const notice = copyErrorNotice(error);
      if (isOutcomeUnknown(error)) {
        // It may have been placed: the request id is kept, so asking again answers this order, never a second one.
        const message =
          notice === UNEXPECTED_COPY_ERROR
            ? 'No answer from the server: the copy may have been placed. Check again to see its result.'
            : (notice.description ?? notice.title);
        setPending({ body, message });
        showNotice({ title: COPY_TEXTS.pendingTitle, description: message }, 'info');
        return;
      }
      // A refusal: nothing was placed, so the next submission is a new request.
      setPending(null);
      showNotice(notice);
      return;
    }
    if (!response) return;
    if (response.status === 'filled') {
      setPending(null);
      await onFilled(response);
      return;
    }
    // 202: at the brokerage, not filled or not confirmed yet. Never shown as copied nor as failed.
    setPending({ body, message: response.message });
    showNotice({ title: COPY_TEXTS.pendingTitle, description: response.message }, 'info');
    await refreshLists();
  };

  const submit = async () => {
    if (submitting) return;
    const check = runCopyChecks({
      userId: user?.id ?? null,
      trade,
      quantity,
      brokerageConnected: connected,
      accountId,
      confirmed,
    });
    if (!check.ok) {
      if (check.action === 'connect') void navigate('/settings');
      else if (check.action === 'toast') showNotice(check.notice);
      return;
    }
    await send(check.body);
  };

  if (pending) {
    return (
      <div className="form">
        <div className="copy-dialog__notice" role="status">
          <p className="copy-dialog__notice-title">{COPY_TEXTS.pendingTitle}</p>
          <p>{pending.message}</p>
        </div>
        <DialogFooter>
          <Button variant="ghost" onClick={onDone}>
            Done
          </Button>
          <Button onClick={() => void send(pending.body)} disabled={submitting}>
            {submitting ? 'Checking...' : 'Check Again'}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  if (user && (!registered || (accounts.isSuccess && accountList.length === 0))) {
    return (
      <div className="form">
        <p className="copy-dialog__notice">{COPY_TEXTS.connectText}</p>
        <DialogFooter>
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          <Button onClick={() => void navigate('/settings')}>Connect Brokerage</Button>
        </DialogFooter>
      </div>
    );
  }

  const estimate = estimateCopyAmount(trade, quantity > 0 ? quantity : 0);
  return (
    <OrderForm onSubmit={submit}>
      <OrderSummary
        items={[
          {
            label: 'Trade',
            value: `${trade.side === 'buy' ? 'Buy' : 'Sell'} ${trade.symbol}${
              trade.isOptions && trade.optionType
                ? ` ${trade.optionType.toUpperCase()}${trade.strikePrice !== null ? ` ${formatUsd(trade.strikePrice)}` : ''}${trade.expirationDate ? ` ${trade.expirationDate}` : ''}`
                : ''
            }`,
          },
          { label: "Trader's Quantity", value: `${trade.quantity} ${unit}`, numeric: true },
          { label: 'Entry Price', value: formatUsd(shownPrice(trade, trade.price)), numeric: true },
          { label: 'Current Price', value: formatUsd(shownPrice(trade, trade.currentPrice)), numeric: true },
        ]}
      />
      <Field>
        <Label htmlFor={accountFieldId}>Brokerage Account</Label>
        <Select
          id={accountFieldId}
          options={accountList.map((account, index) => ({
            value: account.id,
            label: `${account.name}${account.number ? ` (${account.number})` : ''}${index === 0 ? ' · Primary' : ''}`,
          }))}
          placeholder={accounts.isPending ? 'Loading accounts...' : 'Select an account'}
          value={accountId}
          onValueChange={setChosenAccount}
        />
      </Field>
      <QuantityField
        unit={unit}
        value={rawQuantity}
        onChange={setRawQuantity}
        hint={`Whole ${unit}, at least 1. Estimated cost ${formatUsd(estimate)}.`}
      >
        <div className="copy-dialog__quick" role="group" aria-label="Quick quantity">
          <Button size="sm" variant="outline" onClick={() => setRawQuantity(String(quick.half))}>
            50%
          </Button>
          <Button size="sm" variant="outline" onClick={() => setRawQuantity(String(quick.same))}>
            Same as trader
          </Button>
          <Button size="sm" variant="outline" onClick={() => setRawQuantity(String(quick.double))}>
            2x
          </Button>
        </div>
      </QuantityField>
      <ConfirmCheckbox label={COPY_CONFIRM_LABEL} checked={confirmed} onChange={setConfirmed} />
      <OrderFormFooter
        onCancel={onDone}
        submitLabel="Copy Trade"
        busyLabel="Copying..."
        busy={submitting}
        disabled={quantity <= 0}
      />
    </OrderForm>
  );
}
