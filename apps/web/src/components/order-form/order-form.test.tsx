import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api-client';
import { ConfirmCheckbox, OrderForm, OrderFormFooter, OrderSummary, QuantityField } from './order-form';
import { parseQuantity, runSellChecks, SELL_CONFIRM_LABEL, type SellCheckInput } from './order-rules';
import { useOrderSubmit } from './use-order-submit';

const passing = (overrides: Partial<SellCheckInput> = {}): SellCheckInput => ({
  position: { quantity: 10 },
  userId: 'user-1',
  accountsLoading: false,
  refetchFirstAccountId: async () => 'acc-1',
  confirmed: true,
  quantity: 4,
  ...overrides,
});

describe('the six ordered sell checks (owner and follower alike)', () => {
  it('answers-the-first-failing-check-with-its-message', async () => {
    // Each row breaks its own check and every later one: only its own message comes back.
    const rows: [Partial<SellCheckInput>, string, string | undefined][] = [
      [
        { position: null, userId: null, accountsLoading: true, confirmed: false, quantity: 0 },
        'No position selected for selling',
        undefined,
      ],
      [{ userId: null, accountsLoading: true, confirmed: false, quantity: 0 }, 'User not authenticated', undefined],
      [{ accountsLoading: true, confirmed: false, quantity: 0 }, 'Please Wait', 'Your account data is still loading.'],
      [
        { refetchFirstAccountId: async () => null, confirmed: false, quantity: 0 },
        'No trading accounts found. Please connect your brokerage account in Settings.',
        undefined,
      ],
      [
        { confirmed: false, quantity: 0 },
        'Risk Confirmation Required',
        `Please tick "${SELL_CONFIRM_LABEL}" to continue.`,
      ],
      [{ quantity: 0 }, 'Invalid Quantity', 'Please enter a valid quantity between 1 and 10'],
      [{ quantity: 11 }, 'Invalid Quantity', 'Please enter a valid quantity between 1 and 10'],
    ];
    for (const [overrides, title, description] of rows) {
      const result = await runSellChecks(passing(overrides));
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.notice.title).toBe(title);
      expect(result.notice.description).toBe(description);
      expect(result.kind).toBe(title === 'Please Wait' ? 'info' : 'error');
    }
    expect(await runSellChecks(passing({ quantity: 10 }))).toEqual({ ok: true, accountId: 'acc-1', quantity: 10 });
  });

  it('reads-the-accounts-again-only-once-the-earlier-checks-pass', async () => {
    const refetch = vi.fn(async () => 'acc-1');
    await runSellChecks(passing({ userId: null, refetchFirstAccountId: refetch }));
    expect(refetch).not.toHaveBeenCalled();
    await runSellChecks(passing({ refetchFirstAccountId: refetch }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('parses-the-quantity-as-an-integer-anything-else-0', () => {
    expect(parseQuantity('7')).toBe(7);
    expect(parseQuantity('7.9')).toBe(7);
    expect(parseQuantity('x')).toBe(0);
    expect(parseQuantity('')).toBe(0);
  });
});

describe('useOrderSubmit', () => {
  it('keeps-the-request-id-when-the-outcome-is-unknown-and-renews-it-after-a-refusal', async () => {
    const { result } = renderHook(() => useOrderSubmit());
    const seen: string[] = [];
    const fail = (error: unknown) => (id: string) => {
      seen.push(id);
      return Promise.reject(error);
    };
    await act(() => result.current.submit(fail(new NetworkError())).catch(() => undefined));
    await act(() => result.current.submit(fail(new ApiError(400, { code: 'MARKET_CLOSED' }))).catch(() => undefined));
    await act(() => result.current.submit(async (id) => seen.push(id)));
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[1]);
  });

  it('runs-one-submission-at-a-time', async () => {
    const { result } = renderHook(() => useOrderSubmit());
    let release!: () => void;
    const send = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    let first!: Promise<unknown>;
    act(() => {
      first = result.current.submit(send);
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      expect(await result.current.submit(send)).toBeUndefined();
    });
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => {
      release();
      await first;
    });
    expect(result.current.pending).toBe(false);
  });
});

function Harness({ onSubmit, busy = false }: { onSubmit: () => void; busy?: boolean }) {
  const [value, setValue] = useState('3');
  const [checked, setChecked] = useState(false);
  return (
    <OrderForm onSubmit={onSubmit}>
      <OrderSummary items={[{ label: 'Position', value: '10 shares', numeric: true }]} />
      <QuantityField unit="shares" value={value} onChange={setValue} max={10} hint="Between 1 and 10." />
      <ConfirmCheckbox label={SELL_CONFIRM_LABEL} checked={checked} onChange={setChecked} />
      <OrderFormFooter
        onCancel={() => undefined}
        submitLabel="Sell @ Market"
        busyLabel="Selling..."
        busy={busy}
        disabled={!checked}
      />
    </OrderForm>
  );
}

describe('the order form parts', () => {
  it('labels-the-quantity-and-confirmation-and-submits-once-confirmed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    expect(screen.getByText('Position').nextSibling).toHaveTextContent('10 shares');
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity (shares)' });
    expect(quantity).toHaveAccessibleDescription('Between 1 and 10.');
    expect(quantity).toHaveAttribute('min', '1');
    expect(quantity).toHaveAttribute('max', '10');
    const submit = screen.getByRole('button', { name: 'Sell @ Market' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: SELL_CONFIRM_LABEL }));
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows-the-busy-label-and-disables-submit-while-the-order-is-out', () => {
    render(<Harness onSubmit={() => undefined} busy />);
    expect(screen.getByRole('button', { name: 'Selling...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
