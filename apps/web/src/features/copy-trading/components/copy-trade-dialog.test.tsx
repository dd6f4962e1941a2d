import type { CopyInstanceView, TradeView } from '@copytrade/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import { deferred, errorBody, mockApi, signedInAs, type MockResponse, type RecordedCall } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import {
  account,
  ACCOUNT_ID,
  ACCOUNTS,
  copyInstance,
  LIVE,
  livePositions,
  registered,
  trace,
  TRACE_ID,
  trade,
  TRADE_ID,
} from '../testing/copy-fixtures';

const filled = (copy = copyInstance()) => ({
  body: {
    success: true,
    status: 'filled',
    message: 'Copied 10 shares of NVDA for $1,125.00',
    requestId: 'ignored',
    replayed: false,
    order: { orderId: 'order-1', price: 112.5, quantity: 10, filledQuantity: 10, state: 'FILLED' },
    copyInstance: copy,
  },
});

const COPY = 'POST /api/snaptrade/copy-trade';
const RECORD = 'POST /api/copy-trades/copy';
/**
 * The trace page of a basic subscriber with one live trade. `record` answers POST /api/copy-trades/copy (the
 * dialog's second call). `live` answers live-positions: by default no copy until the copy call answered, then the
 * copy it answered (as the server would).
 */
function mockPage({
  user = registered,
  liveTrade = trade(),
  accounts = { body: { success: true, accounts: [account(ACCOUNT_ID, 'Paper Trading')] } } as
    MockResponse | (() => Promise<MockResponse>),
  copy = filled() as MockResponse | ((call: RecordedCall) => MockResponse | Promise<MockResponse>),
  record,
  live,
}: {
  live?: () => MockResponse;
  user?: ReturnType<typeof buildUser>;
  liveTrade?: TradeView;
  accounts?: MockResponse | (() => Promise<MockResponse>);
  copy?: MockResponse | ((call: RecordedCall) => MockResponse | Promise<MockResponse>);
  record?: (call: RecordedCall) => MockResponse;
} = {}) {
  let placed: CopyInstanceView | null = null;
  const copyRoute = copy;
  return mockApi({
    ...signedInAs(user),
    [LIVE]: live ?? (() => livePositions(placed ? [placed] : [])),
    [`GET /api/traces/${TRACE_ID}`]: { body: { success: true, trace } },
    [`GET /api/traces/${TRACE_ID}/tiers`]: { body: { success: true, tiers: [], betaFreeAccess: true } },
    [`GET /api/traces/${TRACE_ID}/trades`]: { body: { success: true, trades: [liveTrade] } },
    [ACCOUNTS]: accounts,
    [COPY]: async (call) => {
      const answer = typeof copyRoute === 'function' ? await copyRoute(call) : copyRoute;
      const answered = (answer.body as { copyInstance?: CopyInstanceView } | undefined)?.copyInstance;
      if (answered) placed = answered;
      return answer;
    },
    [RECORD]: record ?? (() => ({ body: { success: true, copyInstance: copyInstance() } })),
  });
}

async function openDialog(view: ReturnType<typeof renderApp>, symbol = 'NVDA') {
  const table = await screen.findByRole('table', { name: 'Live Trades' });
  const button = await within(table).findByRole('button', { name: `Copy Trade ${symbol}` });
  await waitFor(() => expect(button).toBeEnabled());
  await view.user.click(button);
  return screen.findByRole('dialog', { name: `Copy ${symbol} Trade` });
}

const confirmBox = (dialog: HTMLElement) => within(dialog).getByRole('checkbox', { name: /I understand that copying/ });
const submitButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Copy Trade' });
const requestIds = (calls: RecordedCall[]) => calls.map((call) => call.headers.get('X-Request-ID'));

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/app/trace'),
    import('@/app/routes/app/root'),
    import('@/features/copy-trading/components/copy-trade-dialog'),
  ]);
}, 60_000);

describe('copy-trade dialog on the trace page', () => {
  it('copies-with-the-documented-body-then-the-second-call-and-shows-copied', async () => {
    const api = mockPage();
    const view = renderApp(`/trace/${TRACE_ID}`);
    const dialog = await openDialog(view);
    expect(within(dialog).getByText('Buy NVDA')).toBeInTheDocument();
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity (shares)' });
    expect(quantity).toHaveValue(10);
    await view.user.click(within(dialog).getByRole('button', { name: '50%' }));
    expect(quantity).toHaveValue(5);
    await view.user.click(within(dialog).getByRole('button', { name: '2x' }));
    expect(quantity).toHaveValue(20);
    await view.user.click(within(dialog).getByRole('button', { name: 'Same as trader' }));
    expect(quantity).toHaveValue(10);
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Brokerage Account' })).toHaveTextContent(
        'Paper Trading (****1234) · Primary',
      ),
    );
    await view.user.click(confirmBox(dialog));
    await view.user.click(submitButton(dialog));

    expect(await screen.findByText('Trade Copied Successfully!')).toBeInTheDocument();
    expect(screen.getByText('Copied 10 shares of NVDA for $1,125.00')).toBeInTheDocument();
    const [copyCall] = api.callsTo(COPY);
    expect(copyCall!.body).toEqual({
      userId: registered.id,
      tradeId: TRADE_ID,
      accountId: ACCOUNT_ID,
      copyAmount: 1125,
      customQuantity: 10,
      confirmRisks: true,
      contractMultiplier: 1,
    });
    expect(copyCall!.headers.get('X-Request-ID')).toMatch(/^[0-9a-f-]{36}$/);
    const second = api.callsTo(RECORD);
    expect(second).toHaveLength(1);
    expect(second[0]!.headers.get('user-id')).toBe(registered.id);
    expect(second[0]!.body).toEqual({
      originalTradeId: TRADE_ID,
      copyData: {
        copyEntryPrice: 112.5,
        copyQuantity: 10,
        copyAmount: 1125,
        marketConditions: { originalTraderPnl: 125, copyAdvantage: 'same_price' },
      },
    });
    // The second call follows the first.
    expect(api.calls.indexOf(second[0]!)).toBeGreaterThan(api.calls.indexOf(copyCall!));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Live Trades' });
    expect(within(table).getByText('Copied')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Copy Trade NVDA' })).not.toBeInTheDocument();
  });

  it('shows-copied-after-a-reload-from-the-pages-one-read-of-copies', async () => {
    const api = mockPage({ live: () => livePositions([copyInstance()]) });
    renderApp(`/trace/${TRACE_ID}`);
    const table = await screen.findByRole('table', { name: 'Live Trades' });
    expect(await within(table).findByText('Copied')).toBeInTheDocument();
    expect(api.callsTo(LIVE)).toHaveLength(1);
    // No per-row read of the copy any more.
    expect(api.callsTo(RECORD)).toHaveLength(0);
    expect(api.callsTo(COPY)).toHaveLength(0);
  });

  it('checks-account-options-required-fields-and-risks-in-order-before-any-call', async () => {
    // Accounts still loading: no account is chosen yet (and the user is not sent away).
    const loading = deferred<MockResponse>();
    let api = mockPage({
      accounts: () => loading.promise,
      liveTrade: trade({ isOptions: true, optionType: 'call', price: 0, currentPrice: 0 }),
    });
    let view = renderApp(`/trace/${TRACE_ID}`);
    let dialog = await openDialog(view);
    await view.user.click(submitButton(dialog));
    expect(await screen.findByText('No Account Selected')).toBeInTheDocument();
    expect(screen.getByText('Please select a brokerage account to copy the trade to.')).toBeInTheDocument();
    expect(view.location().pathname).toBe(`/trace/${TRACE_ID}`);
    view.unmount();

    // Options without strike and expiry (and no price, and risks not confirmed): the options rule comes first.
    api = mockPage({ liveTrade: trade({ isOptions: true, optionType: 'call', price: 0, currentPrice: 0 }) });
    view = renderApp(`/trace/${TRACE_ID}`);
    dialog = await openDialog(view);
    await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveTextContent('Paper Trading'));
    await view.user.click(submitButton(dialog));
    expect(await screen.findByText('Incomplete Options Data')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Cannot copy options trade: missing strikePrice, expirationDate. The original trade may not have complete options information.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(COPY)).toHaveLength(0);
    view.unmount();

    // No price, so no copy amount (and risks not confirmed): 'Invalid Request' first.
    api = mockPage({ liveTrade: trade({ price: 0, currentPrice: 0 }) });
    view = renderApp(`/trace/${TRACE_ID}`);
    dialog = await openDialog(view);
    await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveTextContent('Paper Trading'));
    await view.user.click(submitButton(dialog));
    expect(await screen.findByText('Invalid Request')).toBeInTheDocument();
    expect(screen.getByText('Missing required fields: copyAmount')).toBeInTheDocument();
    view.unmount();

    // Everything else in order: the risks must be confirmed.
    api = mockPage();
    view = renderApp(`/trace/${TRACE_ID}`);
    dialog = await openDialog(view);
    await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveTextContent('Paper Trading'));
    await view.user.click(submitButton(dialog));
    expect(await screen.findByText('Risk Confirmation Required')).toBeInTheDocument();
    expect(api.callsTo(COPY)).toHaveLength(0);
    // A quantity of 0 (or not a number) cannot be submitted.
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity (shares)' });
    await view.user.clear(quantity);
    await view.user.type(quantity, '0');
    expect(submitButton(dialog)).toBeDisabled();
    // Four renders of the whole app: more time than one screen needs on a loaded machine.
  }, 30_000);

  it('sends-users-without-a-connected-brokerage-to-settings', async () => {
    mockPage({ accounts: { body: { success: true, accounts: [] } } });
    const view = renderApp(`/trace/${TRACE_ID}`);
    const dialog = await openDialog(view);
    expect(await within(dialog).findByText(/Connect a brokerage account in Settings/)).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Connect Brokerage' }));
    await waitFor(() => expect(view.location().pathname).toBe('/settings'));
  });

  it('maps-a-refusal-to-its-toast-and-uses-a-new-request-id-for-the-next-submission', async () => {
    const answers: MockResponse[] = [
      { status: 400, body: errorBody('MARKET_CLOSED', 'Market hours restriction: The market is closed.') },
      {
        status: 403,
        body: errorBody('TIER_CANNOT_COPY', 'Your free subscription tier does not include copy trading.'),
      },
      { status: 409, body: errorBody('ALREADY_COPIED', 'You have already copied this trade.') },
    ];
    const api = mockPage({ copy: () => answers.shift()! });
    const view = renderApp(`/trace/${TRACE_ID}`);
    const dialog = await openDialog(view);
    await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveTextContent('Paper Trading'));
    await view.user.click(confirmBox(dialog));
    await view.user.click(submitButton(dialog));
    expect(await screen.findByText('Market Hours Restriction')).toBeInTheDocument();
    expect(screen.getByText('Market hours restriction: The market is closed.')).toBeInTheDocument();
    await view.user.click(submitButton(dialog));
    expect(await screen.findByText('Subscription Required')).toBeInTheDocument();
    await view.user.click(submitButton(dialog));
    expect(await screen.findByText('Copy Trade Failed')).toBeInTheDocument();
    expect(screen.getByText('You have already copied this trade.')).toBeInTheDocument();
    const ids = requestIds(api.callsTo(COPY));
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(screen.queryByText('Trade Copied Successfully!')).not.toBeInTheDocument();
  });

  it('retries-an-unanswered-submission-with-the-same-request-id-and-body', async () => {
    const answers: MockResponse[] = [
      { networkError: true },
      { status: 503, body: errorBody('COPY_OUTCOME_UNKNOWN', 'Copy order sent; awaiting confirmation.') },
      filled(),
    ];
    const api = mockPage({ copy: () => answers.shift()! });
    const view = renderApp(`/trace/${TRACE_ID}`);
    const dialog = await openDialog(view);
    await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveTextContent('Paper Trading'));
    await view.user.click(confirmBox(dialog));
    await view.user.click(submitButton(dialog));
    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent('Copy Pending');
    expect(status).toHaveTextContent(/the copy may have been placed/);
    await view.user.click(within(dialog).getByRole('button', { name: 'Check Again' }));
    await waitFor(() => expect(status).toHaveTextContent('Copy order sent; awaiting confirmation.'));
    await view.user.click(within(dialog).getByRole('button', { name: 'Check Again' }));
    expect(await screen.findByText('Trade Copied Successfully!')).toBeInTheDocument();
    const calls = api.callsTo(COPY);
    expect(calls).toHaveLength(3);
    expect(new Set(requestIds(calls)).size).toBe(1);
    expect(calls[1]!.body).toEqual(calls[0]!.body);
    expect(calls[2]!.body).toEqual(calls[0]!.body);
  });

  it('shows-a-202-awaiting-confirmation-as-pending-not-success-nor-failure', async () => {
    const message = 'Copy order sent; awaiting confirmation from the brokerage.';
    const pendingCopy = copyInstance({ status: 'pending', awaitingConfirmation: true, copyEntryPrice: null });
    const api = mockPage({
      copy: {
        status: 202,
        body: {
          ...filled(pendingCopy).body,
          status: 'unknown',
          message,
          order: { ...filled().body.order, state: 'UNKNOWN' },
        },
      },
    });
    const view = renderApp(`/trace/${TRACE_ID}`);
    const dialog = await openDialog(view);
    await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveTextContent('Paper Trading'));
    await view.user.click(confirmBox(dialog));
    await view.user.click(submitButton(dialog));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(message);
    expect(screen.queryByText('Trade Copied Successfully!')).not.toBeInTheDocument();
    expect(screen.queryByText('Copy Trade Failed')).not.toBeInTheDocument();
    // No second call for a copy not filled yet.
    expect(api.callsTo(RECORD)).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const table = screen.getByRole('table', { name: 'Live Trades' });
    expect(await within(table).findByText('Copy pending')).toBeInTheDocument();
    expect(within(table).queryByText('Copied')).not.toBeInTheDocument();
  });

  it('says-tracking-issue-when-the-second-call-fails-after-the-order', async () => {
    mockPage({ record: () => ({ status: 500, body: errorBody('INTERNAL', 'Something went wrong') }) });
    const view = renderApp(`/trace/${TRACE_ID}`);
    const dialog = await openDialog(view);
    await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveTextContent('Paper Trading'));
    await view.user.click(confirmBox(dialog));
    await view.user.click(submitButton(dialog));
    expect(await screen.findByText('Trade Executed ✅ (Tracking Issue ⚠️)')).toBeInTheDocument();
    expect(screen.queryByText('Trade Copied Successfully!')).not.toBeInTheDocument();
    // The order was placed: the row says so from the server's copies.
    expect(await within(screen.getByRole('table', { name: 'Live Trades' })).findByText('Copied')).toBeInTheDocument();
  });
});
