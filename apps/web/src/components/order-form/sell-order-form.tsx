import { useState } from 'react';
import {
  ConfirmCheckbox,
  OrderForm,
  OrderFormFooter,
  OrderSummary,
  QuantityField,
  type SummaryItem,
} from './order-form';
import {
  parseQuantity,
  runSellChecks,
  SELL_CONFIRM_LABEL,
  showNotice,
  type SellCheckInput,
  type SellCheckResult,
} from './order-rules';
import { useOrderSubmit } from './use-order-submit';

/** The sell success toast lasts 3 s. */
export const SELL_SUCCESS_TOAST_MS = 3_000;

/** The success toast of a market sell, the owner's and the follower's (docs/product.md#error-messages). */
export function showSold({
  quantity,
  unit,
  symbol,
  price,
}: {
  quantity: string | number;
  unit: string;
  symbol: string;
  /** The fill's price, already formatted; null before it is known. */
  price: string | null;
}): void {
  showNotice(
    {
      title: '✅ Sell Order Placed',
      description: `Sold ${quantity} ${unit} of ${symbol} at market${price ? ` (${price})` : ''}.`,
      duration: SELL_SUCCESS_TOAST_MS,
    },
    'success',
  );
}

/**
 * The state of a Sell @ Market dialog (docs/product.md#copy-dialog-and-sell): the quantity (starting at what is held),
 * the confirmation, the idempotent submission, and the six ordered checks — a failed check is shown as its toast and
 * answers null.
 */
export function useSellOrderForm(held: number) {
  const [rawQuantity, setRawQuantity] = useState(String(held));
  const [confirmed, setConfirmed] = useState(false);
  const order = useOrderSubmit();
  const quantity = parseQuantity(rawQuantity);

  const check = async (
    input: Pick<SellCheckInput, 'userId' | 'accountsLoading' | 'refetchFirstAccountId'>,
  ): Promise<Extract<SellCheckResult, { ok: true }> | null> => {
    const result = await runSellChecks({ ...input, position: { quantity: held }, confirmed, quantity });
    if (result.ok) return result;
    showNotice(result.notice, result.kind);
    return null;
  };

  return { held, rawQuantity, setRawQuantity, confirmed, setConfirmed, quantity, order, check };
}

export type SellOrderFormState = ReturnType<typeof useSellOrderForm>;

/** The Sell @ Market form: what is sold, the quantity (1 to what is held), 'I confirm this sell order', the buttons. */
export function SellOrderForm({
  form,
  unit,
  heldText,
  summary,
  onSubmit,
  onCancel,
}: {
  form: SellOrderFormState;
  /** 'shares' or 'contracts'. */
  unit: string;
  /** What is held, formatted for the hint. */
  heldText: string;
  summary: readonly SummaryItem[];
  onSubmit: () => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <OrderForm onSubmit={onSubmit}>
      <OrderSummary items={summary} />
      <QuantityField
        unit={unit}
        value={form.rawQuantity}
        onChange={form.setRawQuantity}
        max={form.held}
        hint={`Between 1 and ${heldText}.`}
      />
      <ConfirmCheckbox label={SELL_CONFIRM_LABEL} checked={form.confirmed} onChange={form.setConfirmed} />
      <OrderFormFooter
        onCancel={onCancel}
        submitLabel="Sell @ Market"
        busyLabel="Selling..."
        busy={form.order.pending}
        // Disabled unless confirmed and the quantity is above 0 (see docs/product.md#validation-rules).
        disabled={!form.confirmed || form.quantity <= 0}
        variant="danger"
      />
    </OrderForm>
  );
}
