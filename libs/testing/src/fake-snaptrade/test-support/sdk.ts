import { randomUUID } from 'node:crypto';
import { Snaptrade, SnaptradeAuth, type ManualTradeFormWithOptions } from 'snaptrade-typescript-sdk';
import type { FakeSnaptradeServer } from '../fake-snaptrade-server';

/**
 * The real SDK pointed at the fake. Every status resolves (validateStatus), so tests read the provider's status
 * and body as sent, and a 429 is not retried for 35 s by the SDK.
 */
export function sdkFor(fake: FakeSnaptradeServer) {
  return new Snaptrade({
    auth: SnaptradeAuth.commercialApiKey({ clientId: fake.clientId, consumerKey: fake.consumerKey }),
    basePath: fake.url,
    baseOptions: { validateStatus: () => true },
  });
}

export interface Connected {
  user: { userId: string; userSecret: string };
  connectionId: string;
  accountIds: string[];
}

/** A registered user with a trade connection (two funded accounts), as the portal creates it. */
export async function connectedUser(fake: FakeSnaptradeServer, sdk: Sdk): Promise<Connected> {
  const { data: user } = await sdk.authentication.registerSnapTradeUser({ userId: randomUUID() });
  const credentials = { userId: user.userId!, userSecret: user.userSecret! };
  const { data: login } = await sdk.authentication.loginSnapTradeUser({
    ...credentials,
    broker: 'WEBULL',
    connectionType: 'trade',
    customRedirect: 'http://localhost:3000/done',
  });
  const redirect = await fake.completePortal((login as { redirectURI: string }).redirectURI);
  const { data: accounts } = await sdk.accountInformation.listUserAccounts(credentials);
  return {
    user: credentials,
    connectionId: redirect.searchParams.get('connection_id')!,
    accountIds: accounts.map((account) => account.id),
  };
}

/** A market buy (or any other order) through placeForceOrder; fields a test sends on purpose may be invalid. */
export function place(
  sdk: Sdk,
  connected: Connected,
  fields: Partial<Record<keyof ManualTradeFormWithOptions, unknown>>,
  accountId = connected.accountIds[0]!,
) {
  return sdk.trading.placeForceOrder({
    ...connected.user,
    account_id: accountId,
    action: 'BUY',
    symbol: 'AAPL',
    order_type: 'Market',
    time_in_force: 'Day',
    units: 1,
    ...fields,
  } as Parameters<Sdk['trading']['placeForceOrder']>[0]);
}

/** Reads the order back as the provider reports it (POST /accounts/{id}/orders/details). */
export function orderDetail(sdk: Sdk, connected: Connected, brokerageOrderId: string, accountId?: string) {
  return sdk.accountInformation.getUserAccountOrderDetail({
    ...connected.user,
    accountId: accountId ?? connected.accountIds[0]!,
    brokerage_order_id: brokerageOrderId,
  });
}

export async function cashOf(sdk: Sdk, connected: Connected, accountId = connected.accountIds[0]!) {
  const { data } = await sdk.accountInformation.getUserAccountBalance({ ...connected.user, accountId });
  return { cash: data[0]!.cash!, buyingPower: data[0]!.buying_power! };
}

export async function unitsHeld(sdk: Sdk, connected: Connected, symbol: string, accountId?: string) {
  const { data } = await sdk.accountInformation.getAllAccountPositions({
    ...connected.user,
    accountId: accountId ?? connected.accountIds[0]!,
  });
  const held = data.results.find((position) => (position.instrument as { symbol: string }).symbol === symbol);
  return Number(held?.units ?? 0);
}

export type Sdk = ReturnType<typeof sdkFor>;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
