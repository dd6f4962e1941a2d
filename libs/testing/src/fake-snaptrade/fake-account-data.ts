import { connectionDisabled, featureNotEnabled, refreshedTooRecently } from './fake-errors';
import type { AccountView, FakeAccount, FakeConnection, FakeSnaptradeState } from './fake-state';
import { buyingPower, settle } from './fake-trading';

/** The account as it is now: cash, buying power net of open buys, positions (copies). */
export function liveView(state: FakeSnaptradeState, account: FakeAccount, now = Date.now()): AccountView {
  return {
    cash: account.cash,
    buyingPower: buyingPower(state, account, now),
    positions: (state.positions.get(account.id) ?? []).map((position) => ({ ...position })),
    asOf: new Date(now).toISOString(),
  };
}

/**
 * What balances, positions and the account total show. SnapTrade serves holdings from a daily cache (a trade
 * shows up the next day or after a refresh) unless the connection is on a real-time plan; 'live' mode serves
 * the account as it is (the fake's default, which older tests rely on).
 */
export function accountView(state: FakeSnaptradeState, account: FakeAccount): AccountView {
  return cachedView(state, account) ?? liveView(state, account);
}

/** The daily-cached data the account is served from, or undefined when it is served live. */
export function cachedView(state: FakeSnaptradeState, account: FakeAccount): AccountView | undefined {
  const cached = state.accountDataMode === 'daily-cached' && !state.realtimeConnections.has(account.connectionId);
  return cached ? state.snapshots.get(account.id) : undefined;
}

export function takeSnapshot(state: FakeSnaptradeState, account: FakeAccount): void {
  settle(state);
  state.snapshots.set(account.id, liveView(state, account));
}

/** The provider's daily sync: every account's cached data becomes today's. */
export function advanceDay(state: FakeSnaptradeState): void {
  for (const account of state.accounts.values()) takeSnapshot(state, account);
}

/**
 * POST /authorizations/{id}/refresh: refused on a disabled connection (402 3003), on a real-time plan (403 1141),
 * and when called again within the cooldown (429 throttled); otherwise billed and the connection's cached data
 * is brought up to date (at the provider this happens asynchronously, followed by a webhook).
 */
export function refreshConnection(state: FakeSnaptradeState, connection: FakeConnection, cooldownMs: number): string {
  if (connection.disabled) throw connectionDisabled();
  if (state.realtimeConnections.has(connection.id)) throw featureNotEnabled();
  if (connection.lastRefreshAt !== null && Date.now() - connection.lastRefreshAt < cooldownMs)
    throw refreshedTooRecently();
  connection.lastRefreshAt = Date.now();
  connection.refreshCount += 1;
  for (const account of state.accounts.values())
    if (account.connectionId === connection.id) takeSnapshot(state, account);
  return `Connection ${connection.id} scheduled for refresh`;
}
