import type { BrokerageConnectionView } from '@copytrade/contracts';

/**
 * A broker counts as connected (docs/product.md#settings) if a connection's brokerage name or display name matches
 * the catalogue slug, case-insensitively. Returns that connection (an enabled one first), or undefined.
 */
export function connectionForBroker(
  slug: string,
  connections: readonly BrokerageConnectionView[],
): BrokerageConnectionView | undefined {
  const wanted = slug.trim().toLowerCase();
  const matches = connections.filter(
    ({ brokerage }) =>
      brokerage?.name?.trim().toLowerCase() === wanted || brokerage?.display_name?.trim().toLowerCase() === wanted,
  );
  return matches.find((connection) => connection.status === 'CONNECTED') ?? matches[0];
}

export const isBrokerConnected = (slug: string, connections: readonly BrokerageConnectionView[]): boolean =>
  connectionForBroker(slug, connections) !== undefined;

/** CONNECTED shows green; anything else red (docs/product.md#settings). */
export const isConnectionHealthy = (connection: Pick<BrokerageConnectionView, 'status'>): boolean =>
  connection.status === 'CONNECTED';
