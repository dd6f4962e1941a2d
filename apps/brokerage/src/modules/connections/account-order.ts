import type { ProviderAccount, ProviderConnection } from '../provider/provider.types';

/**
 * The one order of a user's accounts, used by the accounts list and by the events alike: accounts of active
 * connections first, then by creation time and id. The first is the primary account.
 */
export function orderAccounts(accounts: ProviderAccount[], connections: ProviderConnection[]): ProviderAccount[] {
  const disabled = new Set(connections.filter((connection) => connection.disabled).map((connection) => connection.id));
  const known = new Set(connections.map((connection) => connection.id));
  return accounts
    .filter((account) => known.has(account.connectionId))
    .sort(
      (a, b) =>
        Number(disabled.has(a.connectionId)) - Number(disabled.has(b.connectionId)) ||
        (a.createdAt ?? '\uffff').localeCompare(b.createdAt ?? '\uffff') ||
        a.id.localeCompare(b.id),
    );
}

export function activeAccountIds(ordered: ProviderAccount[], connections: ProviderConnection[]): string[] {
  const active = new Set(connections.filter((connection) => !connection.disabled).map((connection) => connection.id));
  return ordered.filter((account) => active.has(account.connectionId)).map((account) => account.id);
}
