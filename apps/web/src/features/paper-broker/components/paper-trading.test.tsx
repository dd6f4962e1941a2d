import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import {
  errorBody,
  mockApi,
  signedInAs,
  type MockHandler,
  type MockRoutes,
  type RecordedCall,
} from '@/testing/mock-api';
import { chooseOption } from '@/testing/choose-option';
import { renderApp } from '@/testing/test-utils';

const me = buildUser({ snaptradeUserId: 'st-1', snaptradeUserSecret: 's-1' });

const account = (id: string, name: string, cash: number) => ({
  id,
  connection_id: 'conn-1',
  name,
  number: `PA${id}`,
  institution_name: 'Webull',
  created_date: null,
  is_paper: true,
  status: 'open',
  balance: { total: { amount: cash, currency: 'USD' }, buying_power: { amount: cash, currency: 'USD' } },
});

const placed = (requestId: string, overrides: Record<string, unknown> = {}) => ({
  success: true,
  replayed: false,
  order: {
    requestId,
    accountId: 'acc-1',
    state: 'FILLED',
    clientOrderId: 'c-1',
    brokerageOrderId: 'b-1',
    action: 'BUY',
    symbol: 'AAPL',
    quantity: 10,
    isOptions: false,
    optionsTicker: null,
    filledQuantity: 10,
    executionPrice: 187.2,
    providerStatus: 'EXECUTED',
    final: true,
    placedAt: '2026-01-05T15:00:00.000Z',
    ...overrides,
  },
});

function routes(extra: MockRoutes = {}): MockRoutes {
  return {
    ...signedInAs(me),
    [`GET /api/snaptrade/accounts/${me.id}`]: {
      body: {
        success: true,
        accounts: [
          account('acc-1', 'Webull Individual (Paper)', 100_000),
          account('acc-2', 'Webull Roth IRA (Paper)', 25_000),
        ],
      },
    },
    [`GET /api/snaptrade/positions/acc-1/${me.id}`]: { body: { success: true, positions: [] } },
    [`GET /api/snaptrade/positions/acc-2/${me.id}`]: { body: { success: true, positions: [] } },
    'GET /api/paper/market': {
      body: {
        success: true,
        market: { open: true, hoursMode: 'real', override: null },
        quotes: [
          { symbol: 'AAPL', price: 187.2, bid: 187.1, ask: 187.3 },
          { symbol: 'MSFT', price: 410.5, bid: 410.4, ask: 410.6 },
        ],
      },
    },
    ...extra,
  };
}

const requestIdOf = (call: RecordedCall) => call.headers.get('X-Request-ID');

async function fillStockOrder(user: ReturnType<typeof renderApp>['user'], symbol = 'AAPL', quantity = '10') {
  await user.clear(await screen.findByLabelText('Symbol'));
  await user.type(screen.getByLabelText('Symbol'), symbol);
  await user.clear(screen.getByLabelText('Quantity'));
  await user.type(screen.getByLabelText('Quantity'), quantity);
}

describe('paper trading page', () => {
  it('shows-the-paper-accounts-the-market-and-quotes', async () => {
    mockApi(routes());
    renderApp('/paper/trade');
    expect(await screen.findByRole('heading', { name: 'Webull Paper Trading', level: 1 })).toBeInTheDocument();
    const accounts = (await screen.findByRole('heading', { name: 'Paper Accounts' })).closest('section')!;
    expect(within(accounts).getByText('Webull Individual (Paper)')).toBeInTheDocument();
    expect(within(accounts).getAllByRole('row')[1]).toHaveTextContent('$100,000.00');
    expect(await screen.findByTestId('market-status')).toHaveTextContent('Market Open');
    expect(await screen.findByRole('button', { name: 'Trade MSFT' })).toBeInTheDocument();
  });

  it('buys-a-stock-with-a-fresh-x-request-id-and-shows-the-fill', async () => {
    const api = mockApi(
      routes({
        'POST /api/paper/orders': ((call) => ({ status: 201, body: placed(requestIdOf(call)!) })) as MockHandler,
      }),
    );
    const { user } = renderApp('/paper/trade');
    await screen.findByText('Webull Individual (Paper)', { selector: '.account-cell__name' });
    await fillStockOrder(user);
    await user.click(screen.getByRole('button', { name: 'Place Buy Order' }));

    expect(await screen.findByText('Bought 10 AAPL at $187.20')).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/paper/orders');
    expect(call!.body).toEqual({ accountId: 'acc-1', action: 'BUY', symbol: 'AAPL', quantity: 10 });
    expect(requestIdOf(call!)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // A second submit is a new order: a new request id.
    await user.click(screen.getByRole('button', { name: 'Place Buy Order' }));
    await waitFor(() => expect(api.callsTo('POST /api/paper/orders')).toHaveLength(2));
    expect(requestIdOf(api.callsTo('POST /api/paper/orders')[1]!)).not.toBe(requestIdOf(call!));
  });

  it('shows-the-refusal-when-the-market-is-closed', async () => {
    const message = 'The market is closed. Market orders can be placed Monday to Friday, 9:30 AM to 4:00 PM Eastern.';
    mockApi(routes({ 'POST /api/paper/orders': { status: 422, body: errorBody('MARKET_CLOSED', message) } }));
    const { user } = renderApp('/paper/trade');
    await screen.findByText('Webull Individual (Paper)', { selector: '.account-cell__name' });
    await fillStockOrder(user);
    await user.click(screen.getByRole('button', { name: 'Place Buy Order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Market closed');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows-insufficient-buying-power', async () => {
    mockApi(
      routes({
        'POST /api/paper/orders': {
          status: 422,
          body: errorBody('INSUFFICIENT_BUYING_POWER', 'Insufficient buying power for this order.'),
        },
      }),
    );
    const { user } = renderApp('/paper/trade');
    await screen.findByText('Webull Individual (Paper)', { selector: '.account-cell__name' });
    await fillStockOrder(user, 'AAPL', '100000');
    await user.click(screen.getByRole('button', { name: 'Place Buy Order' }));
    expect(await screen.findByText('Insufficient buying power for this order.')).toBeInTheDocument();
  });

  it('retries-an-unknown-outcome-with-the-same-request-id-and-body', async () => {
    let attempt = 0;
    const api = mockApi(
      routes({
        'POST /api/paper/orders': ((call) => {
          attempt += 1;
          if (attempt === 1) return { networkError: true };
          if (attempt === 2)
            return {
              status: 202,
              body: placed(requestIdOf(call)!, {
                state: 'UNKNOWN',
                filledQuantity: null,
                executionPrice: null,
                brokerageOrderId: null,
              }),
            };
          return { status: 200, body: { ...placed(requestIdOf(call)!), replayed: true } };
        }) as MockHandler,
      }),
    );
    const { user } = renderApp('/paper/trade');
    await screen.findByText('Webull Individual (Paper)', { selector: '.account-cell__name' });
    await fillStockOrder(user);
    await user.click(screen.getByRole('button', { name: 'Place Buy Order' }));
    expect(await screen.findByText('No answer from the server')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Outcome unknown')).toBeInTheDocument();

    // Submitting the unchanged order again is the same submit: same id.
    await user.click(screen.getByRole('button', { name: 'Place Buy Order' }));
    expect(await screen.findByText('Bought 10 AAPL at $187.20')).toBeInTheDocument();
    expect(screen.getByText(/already placed/)).toBeInTheDocument();

    const calls = api.callsTo('POST /api/paper/orders');
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map(requestIdOf)).size).toBe(1);
    expect(calls.map((call) => call.body)).toEqual([calls[0]!.body, calls[0]!.body, calls[0]!.body]);
  });

  it('places-an-option-by-its-occ-data', async () => {
    const api = mockApi(
      routes({
        'POST /api/paper/orders': ((call) => ({
          status: 201,
          body: placed(requestIdOf(call)!, {
            isOptions: true,
            optionsTicker: 'AAPL  991217C00240000',
            quantity: 2,
            filledQuantity: 2,
            executionPrice: 3.5,
          }),
        })) as MockHandler,
      }),
    );
    const { user } = renderApp('/paper/trade');
    await screen.findByText('Webull Individual (Paper)', { selector: '.account-cell__name' });
    await user.click(screen.getByRole('radio', { name: 'Option' }));
    await user.type(screen.getByLabelText('Underlying Symbol'), 'aapl');
    await user.type(screen.getByLabelText('Contracts'), '2');
    await chooseOption(user, screen.getByLabelText('Option Type'), 'Call');
    await user.type(screen.getByLabelText('Strike Price'), '240');
    await user.type(screen.getByLabelText('Expiration Date'), '2099-12-17');
    expect(screen.getByRole('status', { name: 'OCC symbol' })).toHaveTextContent('AAPL 991217C00240000');

    await user.click(screen.getByRole('button', { name: 'Place Buy Order' }));
    expect(
      await screen.findByText('Bought 2 AAPL 991217C00240000 at $3.50', {
        normalizer: (text) => text.replace(/\s+/g, ' '),
      }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/paper/orders')[0]!.body).toEqual({
      accountId: 'acc-1',
      action: 'BUY',
      symbol: 'AAPL',
      quantity: 2,
      isOptions: true,
      optionsTicker: 'AAPL  991217C00240000',
      optionType: 'call',
      strikePrice: 240,
      expirationDate: '2099-12-17',
      contractMultiplier: 100,
    });
  });

  it('refuses-invalid-options-data-before-sending-and-shows-the-servers-refusal', async () => {
    const api = mockApi(
      routes({
        'POST /api/paper/orders': {
          status: 400,
          body: errorBody('INVALID_OPTIONS_DATA', 'The option contract has expired.'),
        },
      }),
    );
    const { user } = renderApp('/paper/trade');
    await screen.findByText('Webull Individual (Paper)', { selector: '.account-cell__name' });
    await user.click(screen.getByRole('radio', { name: 'Option' }));
    await user.type(screen.getByLabelText('Underlying Symbol'), 'AAPL');
    await user.type(screen.getByLabelText('Contracts'), '1');
    await user.click(screen.getByRole('button', { name: 'Place Buy Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Options orders need an option type (call or put), a strike price and an expiration date, or an OCC symbol.',
    );
    expect(api.callsTo('POST /api/paper/orders')).toHaveLength(0);

    await user.type(screen.getByLabelText('Strike Price'), '240');
    await user.type(screen.getByLabelText('Expiration Date'), '2099-12-17');
    await user.click(screen.getByRole('button', { name: 'Place Buy Order' }));
    const alert = await screen.findByText('The option contract has expired.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Invalid options data');
  });

  it('sells-from-the-chosen-account', async () => {
    const api = mockApi(
      routes({
        'POST /api/paper/orders': ((call) => ({
          status: 201,
          body: placed(requestIdOf(call)!, { action: 'SELL', accountId: 'acc-2' }),
        })) as MockHandler,
      }),
    );
    const { user } = renderApp('/paper/trade');
    await screen.findByText('Webull Individual (Paper)', { selector: '.account-cell__name' });
    await chooseOption(user, screen.getByLabelText('Account'), /^Webull Roth IRA \(Paper\)/);
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    await fillStockOrder(user);
    await user.click(screen.getByRole('button', { name: 'Place Sell Order' }));
    expect(await screen.findByText('Sold 10 AAPL at $187.20')).toBeInTheDocument();
    expect(api.callsTo('POST /api/paper/orders')[0]!.body).toMatchObject({ accountId: 'acc-2', action: 'SELL' });
  });

  it('points-to-settings-without-paper-accounts', async () => {
    mockApi({ ...routes(), ...signedInAs(buildUser()) });
    renderApp('/paper/trade');
    expect(await screen.findByText('No paper accounts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings?tab=brokerage');
    expect(screen.getByRole('button', { name: 'Place Buy Order' })).toBeDisabled();
  });

  it('shows-a-pending-order-as-pending-and-a-partly-filled-one-with-what-it-holds', async () => {
    let answer: Record<string, unknown> = {
      state: 'SUBMITTED',
      filledQuantity: 0,
      executionPrice: null,
      providerStatus: 'ACCEPTED',
      final: false,
    };
    const api = mockApi(
      routes({
        'POST /api/paper/orders': ((call) => ({
          status: 201,
          body: placed(requestIdOf(call)!, answer),
        })) as MockHandler,
      }),
    );
    const { user } = renderApp('/paper/trade');
    await screen.findByText('Webull Individual (Paper)', { selector: '.account-cell__name' });
    await fillStockOrder(user);
    await user.click(screen.getByRole('button', { name: 'Place Buy Order' }));
    expect(await screen.findByText('Order pending')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByTestId('order-progress')).toHaveTextContent('it has not filled yet');

    // Checking again asks with the same request id: the order as it stands now, nothing placed again.
    answer = { state: 'PARTIALLY_FILLED', filledQuantity: 3, providerStatus: 'PARTIAL_CANCELED', final: true };
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Partially filled: bought 3 of 10 AAPL at $187.20')).toBeInTheDocument();
    expect(screen.getByTestId('order-progress')).toHaveTextContent('you hold the filled part');
    const calls = api.callsTo('POST /api/paper/orders');
    expect(calls).toHaveLength(2);
    expect(requestIdOf(calls[1]!)).toBe(requestIdOf(calls[0]!));
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
  });

  it('sends-a-signed-out-visitor-to-login', async () => {
    const { location } = (mockApi(), renderApp('/paper/trade'));
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });
});
