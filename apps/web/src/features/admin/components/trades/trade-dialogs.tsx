import type { AdminTradeView, TierName } from '@copytrade/contracts';
import { useId, useState } from 'react';
import { Field, Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useDeleteTrade, useShareTrade, useUnshareTrade } from '../../api/admin-trades';
import { ConfirmDialog } from '../common/confirm-dialog';
import { optionSummary, TIER_LABELS } from './trade-card';

/** The tiers an admin shares with; premium unless another is chosen (see docs/product.md#admin-panel). */
const TIERS: TierName[] = ['free', 'basic', 'premium', 'vip'];
export const DEFAULT_SHARE_TIER: TierName = 'premium';
const TIER_OPTIONS = TIERS.map((tier) => ({ value: tier, label: TIER_LABELS[tier] }));

export type TradeDialog = { kind: 'share' | 'unshare' | 'delete'; trade: AdminTradeView } | null;

const describe = (trade: AdminTradeView) =>
  [
    trade.symbol,
    optionSummary(trade),
    `${trade.side} ${trade.quantity}`,
    `by ${trade.trader.username ?? 'unknown trader'}`,
  ]
    .filter(Boolean)
    .join(' · ');

/** The confirmation of the chosen action on a trade; it closes once the server answered. */
export function TradeActionDialog({
  dialog,
  onClose,
  userId,
}: {
  dialog: TradeDialog;
  onClose: () => void;
  userId: string;
}) {
  const tierId = useId();
  const [tier, setTier] = useState<TierName>(DEFAULT_SHARE_TIER);
  const share = useShareTrade();
  const unshare = useUnshareTrade();
  const remove = useDeleteTrade();
  const pending = share.isPending || unshare.isPending || remove.isPending;

  const close = () => {
    setTier(DEFAULT_SHARE_TIER);
    onClose();
  };
  const confirm = () => {
    if (!dialog || pending) return;
    const input = { userId, tradeId: dialog.trade.id };
    const settle = { onSettled: close };
    if (dialog.kind === 'share') share.mutate({ ...input, requiredTier: tier }, settle);
    else if (dialog.kind === 'unshare') unshare.mutate(input, settle);
    else remove.mutate(input, settle);
  };

  const kind = dialog?.kind ?? 'share';
  const texts = {
    share: {
      title: 'Share Trade',
      description: 'Subscribers of the chosen tier and above see it and can copy it.',
      confirm: 'Share Trade',
      pending: 'Sharing…',
    },
    unshare: {
      title: 'Unshare Trade',
      description: 'Subscribers no longer see it. Existing copies stay untouched.',
      confirm: 'Unshare Trade',
      pending: 'Unsharing…',
    },
    delete: {
      title: 'Delete Trade',
      description:
        "The trade is deleted. Its copies are kept: nothing is sold, and they stay in the copiers' My Copy Trades. This cannot be undone.",
      confirm: 'Delete Trade',
      pending: 'Deleting…',
    },
  }[kind];

  return (
    <ConfirmDialog
      open={dialog !== null}
      onClose={close}
      onConfirm={confirm}
      pending={pending}
      danger={kind !== 'share'}
      title={texts.title}
      description={texts.description}
      confirmLabel={texts.confirm}
      pendingLabel={texts.pending}
    >
      {dialog ? <p className="admin-strong">{describe(dialog.trade)}</p> : null}
      {kind === 'share' ? (
        <Field>
          <Label htmlFor={tierId}>Required tier</Label>
          <Select
            id={tierId}
            options={TIER_OPTIONS}
            value={tier}
            onValueChange={(value) => setTier(value as TierName)}
          />
        </Field>
      ) : null}
    </ConfirmDialog>
  );
}
