import { toast } from '@/components/ui/toast';

/** A toast's title and text. */
export interface Notice {
  title: string;
  description?: string;
}

/** An order's idempotency key (the X-Request-ID the gateway and the brokerage key the order on). */
export const newRequestId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The quantity field: an integer, anything else is 0 (docs/product.md#validation-rules). */
export const parseQuantity = (raw: string): number => {
  const value = Number.parseInt(raw, 10);
  return Number.isFinite(value) ? value : 0;
};

/** Shows a check's or an answer's notice as a toast of its kind. */
export function showNotice(
  notice: Notice & { duration?: number },
  kind: 'error' | 'info' | 'warning' | 'success' = 'error',
): void {
  toast[kind](notice.title, { description: notice.description, duration: notice.duration });
}

/** The sell dialog's risk checkbox (see docs/product.md#copy-dialog-and-sell). */
export const SELL_CONFIRM_LABEL = 'I confirm this sell order';

export interface SellCheckInput {
  /** The position being sold; `quantity` is what it holds (the most that can be sold). */
  position: { quantity: number } | null;
  userId: string | null;
  accountsLoading: boolean;
  /** Reads the accounts again; answers the first account's id, or null without one. */
  refetchFirstAccountId: () => Promise<string | null>;
  confirmed: boolean;
  quantity: number;
}

export type SellCheckResult =
  { ok: true; accountId: string; quantity: number } | { ok: false; notice: Notice; kind: 'error' | 'info' };

/**
 * The sell checks (docs/product.md#sell-checks), in their order (the owner's and the follower's sell alike); the first
 * that fails is the answer.
 */
export async function runSellChecks(input: SellCheckInput): Promise<SellCheckResult> {
  const fail = (notice: Notice, kind: 'error' | 'info' = 'error'): SellCheckResult => ({ ok: false, notice, kind });
  const { position } = input;
  if (!position) return fail({ title: 'No position selected for selling' });
  if (!input.userId) return fail({ title: 'User not authenticated' });
  if (input.accountsLoading)
    return fail({ title: 'Please Wait', description: 'Your account data is still loading.' }, 'info');
  const accountId = await input.refetchFirstAccountId();
  if (!accountId)
    return fail({ title: 'No trading accounts found. Please connect your brokerage account in Settings.' });
  if (!input.confirmed)
    return fail({
      title: 'Risk Confirmation Required',
      description: `Please tick "${SELL_CONFIRM_LABEL}" to continue.`,
    });
  const max = position.quantity;
  if (!(input.quantity > 0) || input.quantity > max)
    return fail({ title: 'Invalid Quantity', description: `Please enter a valid quantity between 1 and ${max}` });
  return { ok: true, accountId, quantity: input.quantity };
}
