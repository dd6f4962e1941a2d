import type { CopyInstanceView } from '@copytrade/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { deferred, errorBody, mockApi, signedInAs, type MockResponse, type RecordedCall } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import {
  account,
  ACCOUNT_ID,
  ACCOUNTS,
  copyInstance,
  LIVE,
  livePositionsOf,
  registered,
  trace,
  TRACE_ID,
  trade,
  TRADE_ID,
} from '../testing/copy-fixtures';

const OTHER_TRADE_ID = '33333333-3333-4333-8333-333333333333';
const SELL = 'POST /api/snaptrade/sell-position';
const CLOSE = 'PUT /api/copy-trades/copy-1/close';
const RECORD = 'POST /api/copy-trades/copy';

const sold = (price: number | null = 120, orderId: string | null = 'sell-1'): MockResponse => ({
  body: {
    success: true,
    status: 'filled',
    message: 'Sell order filled for NVDA.',
    requestId: 'ignored',
    orderResult: { price, orderId },
    replayed: false,
  },
});

/**
 * The trace page of a subscriber holding an open copy of the live NVDA trade (and not of AAPL). Once a sell of
 * the whole copy answered, live-positions answers the copy closed (as the server would).
 */
function mockPage({
  copy = copyInstance(),
  accounts = { body: { success: true, accounts: [account(ACCOUNT_ID, 'Paper Trading')] } } as
    MockResponse | (() => Promise<MockResponse>),
  sell = sold() as MockResponse | ((call: RecordedCall) => MockResponse),
  close = { body: { success: true, closed: true, copyInstance: copyInstance({ status: 'closed' }) } } as MockResponse,
}: {
  copy?: CopyInstanceView;
  accounts?: MockResponse | (() => Promise<MockResponse>);
  sell?: MockResponse | ((call: RecordedCall) => MockResponse);
  close?: MockResponse;
} = {}) {
  let current = copy;
  return mockApi({
    ...signedInAs(registered),
    [`GET /api/traces/${TRACE_ID}`]: { body: { success: true, trace } },
    [`GET /api/traces/${TRACE_ID}/tiers`]: { body: { success: true, tiers: [], betaFreeAccess: true } },
    [`GET /api/traces/${TRACE_ID}/trades`]: {
      body: { success: true, trades: [trade(), trade({ id: OTHER_TRADE_ID, symbol: 'AAPL' })] },
    },
    [LIVE]: () =>
      livePositionsOf([
        { tradeId: TRADE_ID, copies: [current] },
        { tradeId: OTHER_TRADE_ID, copies: [] },
      ]),
    [ACCOUNTS]: accounts,
    [SELL]: (call) => {
      const answer = typeof sell === 'function' ? sell(call) : sell;
      const quantity = (call.body as { positionData: { quantity: number } }).positionData.quantity;
      if ((answer.status ?? 200) === 200 && quantity >= current.heldQuantity)
        current = { ...current, status: 'closed', heldQuantity: 0 };
      return answer;
    },
    [CLOSE]: close,
  });
}

const liveTable = () => screen.findByRole('table', { name: 'Live Trades' });

async function openSell(view: ReturnType<typeof renderApp>) {
  const table = await liveTable();
  await view.user.click(await within(table).findByRole('button', { name: 'Sell @ Market NVDA' }));
  return screen.findByRole('dialog', { name: 'Sell NVDA @ Market' });
}

const confirmBox = (dialog: HTMLElement) => within(dialog).getByRole('checkbox', { name: 'I confirm this sell order' });
const sellButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Sell @ Market' });
const quantityInput = (dialog: HTMLElement) => within(dialog).getByRole('spinbutton', { name: 'Quantity (shares)' });

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/app/trace'),
    import('@/app/routes/app/root'),
    import('@/features/copy-trading/components/sell-copy-dialog'),
  ]);
}, 60_000);

describe('Sell @ Market of a copied trade on the trace page', () => {
  it('shows-copied-and-sell-from-one-read-of-copies-not-one-per-row', async () => {
    const api = mockPage();
    renderApp(`/trace/${TRACE_ID}`);
    const table = await liveTable();
    const nvda = (await within(table).findByText('Copied')).closest('tr')!;
    expect(within(nvda).getByRole('button', { name: 'Sell @ Market NVDA' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Copy Trade AAPL' })).toBeEnabled();
    expect(within(table).queryByRole('button', { name: 'Copy Trade NVDA' })).not.toBeInTheDocument();
    // Two rows, one request; nothing asked per row.
    expect(api.callsTo(LIVE)).toHaveLength(1);
    expect(api.callsTo(RECORD)).toHaveLength(0);
  });

  it('offers-no-sell-for-a-closed-copy-and-none-for-a-pending-one', async () => {
    mockPage({ copy: copyInstance({ status: 'closed', heldQuantity: 0 }) });
    let view = renderApp(`/trace/${TRACE_ID}`);
    let table = await liveTable();
    expect(await within(table).findByText('Copied')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Sell @ Market NVDA' })).not.toBeInTheDocument();
    view.unmount();

    mockPage({ copy: copyInstance({ status: 'pending', copyEntryPrice: null }) });
    view = renderApp(`/trace/${TRACE_ID}`);
    table = await liveTable();
    expect(await within(table).findByText('Copy pending')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Sell @ Market NVDA' })).not.toBeInTheDocument();
  });

  it('sells-the-whole-copy-with-the-documented-payload-then-closes-it', async () => {
    const api = mockPage();
    const view = renderApp(`/trace/${TRACE_ID}`);
    const dialog = await openSell(view);
    // Quantity starts at what the copy holds and cannot go above it.
    expect(quantityInput(dialog)).toHaveValue(10);
    expect(quantityInput(dialog)).toHaveAttribute('max', '10');
    expect(sellButton(dialog)).toBeDisabled();
    await view.user.click(confirmBox(dialog));
    await view.user.click(sellButton(dialog));

    expect(await screen.findByText('✅ Sell Order Placed')).toBeInTheDocument();
    const [sellCall] = api.callsTo(SELL);
    const body = sellCall!.body as { requestId: string };
    expect(body).toEqual({
      userId: registered.id,
      accountId: ACCOUNT_ID,
      positionData: {
        symbol: 'NVDA',
        quantity: 10,
        isOptions: false,
        orderType: 'Market',
        price: null,
        traceId: TRACE_ID,
      },
      confirmRisks: true,
      requestId: body.requestId,
    });
    expect(sellCall!.headers.get('X-Request-ID')).toBe(body.requestId);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // Then the close, after the sell: the fill's price and order id.
    const [closeCall] = api.callsTo(CLOSE);
    expect(closeCall!.body).toEqual({ exitPrice: 120, brokerageSellOrderId: 'sell-1' });
    expect(closeCall!.headers.get('user-id')).toBe(registered.id);
    expect(api.calls.indexOf(closeCall!)).toBeGreaterThan(api.calls.indexOf(sellCall!));
    // The page reads the copies again: still 'Copied', no Sell any more.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = await liveTable();
    await waitFor(() =>
      expect(within(table).queryByRole('button', { name: 'Sell @ Market NVDA' })).not.toBeInTheDocument(),
    );
    expect(within(table).getByText('Copied')).toBeInTheDocument();
  });

  it('sells-part-of-a-copy-without-closing-it', async () => {
    const api = mockPage({ sell: sold(null, null) });
    const view = renderApp(`/trace/${TRACE_ID}`);
    const dialog = await openSell(view);
    await view.user.clear(quantityInput(dialog));
    await view.user.type(quantityInput(dialog), '4');
    await view.user.click(confirmBox(dialog));
    await view.user.click(sellButton(dialog));
    expect(await screen.findByText('Sold 4 shares of NVDA at market.')).toBeInTheDocument();
    expect((api.callsTo(SELL)[0]!.body as { positionData: { quantity: number } }).positionData.quantity).toBe(4);
    expect(api.callsTo(CLOSE)).toHaveLength(0);
  });

  it('refuses-a-quantity-above-what-the-copy-holds-before-any-call', async () => {
    const api = mockPage();
    const view = renderApp(`/trace/${TRACE_ID}`);
    const dialog = await openSell(view);
    await view.user.clear(quantityInput(dialog));
    await view.user.type(quantityInput(dialog), '11');
    await view.user.click(confirmBox(dialog));
    await view.user.click(sellButton(dialog));
    expect(await screen.findByText('Invalid Quantity')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid quantity between 1 and 10')).toBeInTheDocument();
    // Not a number: 0, and the button is disabled (docs/product.md#validation-rules).
    await view.user.clear(quantityInput(dialog));
    await view.user.type(quantityInput(dialog), 'x');
    expect(sellButton(dialog)).toBeDisabled();
    expect(api.callsTo(SELL)).toHaveLength(0);
  });

  it('waits-while-accounts-load-and-refuses-without-a-trading-account', async () => {
    const loading = deferred<MockResponse>();
    let api = mockPage({ accounts: () => loading.promise });
    let view = renderApp(`/trace/${TRACE_ID}`);
    let dialog = await openSell(view);
    await view.user.click(confirmBox(dialog));
    await view.user.click(sellButton(dialog));
    expect(await screen.findByText('Please Wait')).toBeInTheDocument();
    expect(api.callsTo(SELL)).toHaveLength(0);
    view.unmount();

    api = mockPage({ accounts: { body: { success: true, accounts: [] } } });
    view = renderApp(`/trace/${TRACE_ID}`);
    dialog = await openSell(view);
    await view.user.click(confirmBox(dialog));
    await view.user.click(sellButton(dialog));
    expect(
      await screen.findByText('No trading accounts found. Please connect your brokerage account in Settings.'),
    ).toBeInTheDocument();
    expect(api.callsTo(SELL)).toHaveLength(0);
  });

  it('keeps-the-request-id-after-a-network-error-and-takes-a-new-one-after-a-refusal', async () => {
    const answers: MockResponse[] = [
      { networkError: true },
      { status: 400, body: errorBody('MARKET_CLOSED', 'Market hours restriction: The market is closed.') },
      { status: 404, body: errorBody('CONNECTION_NOT_FOUND', 'Please reconnect your brokerage account in Settings') },
      sold(),
    ];
    const api = mockPage({ sell: () => answers.shift()! });
    const view = renderApp(`/trace/${TRACE_ID}`);
    const dialog = await openSell(view);
    await view.user.click(confirmBox(dialog));
    await view.user.click(sellButton(dialog));
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await view.user.click(sellButton(dialog));
    expect(await screen.findByText('❌ Sell Order Failed')).toBeInTheDocument();
    expect(screen.getByText('Market hours restriction: The market is closed.')).toBeInTheDocument();
    await view.user.click(sellButton(dialog));
    expect(await screen.findByText('Connection Required')).toBeInTheDocument();
    await view.user.click(sellButton(dialog));
    expect(await screen.findByText('✅ Sell Order Placed')).toBeInTheDocument();
    const ids = api.callsTo(SELL).map((call) => call.headers.get('X-Request-ID'));
    expect(ids).toHaveLength(4);
    // The unanswered one is asked again under its id; after each refusal a new one.
    expect(ids[1]).toBe(ids[0]);
    expect(new Set(ids).size).toBe(3);
  });

  it('warns-when-the-close-record-fails-after-the-sell', async () => {
    mockPage({ close: { status: 500, body: errorBody('INTERNAL', 'Something went wrong') } });
    const view = renderApp(`/trace/${TRACE_ID}`);
    const dialog = await openSell(view);
    await view.user.click(confirmBox(dialog));
    await view.user.click(sellButton(dialog));
    expect(await screen.findByText('✅ Sell Order Placed')).toBeInTheDocument();
    expect(await screen.findByText('Sold, but not recorded yet')).toBeInTheDocument();
  });
});
