/** Query keys of the paper broker's own pages (its connection portal and its trading page). */
export const paperBrokerKeys = {
  all: ['paper-broker'] as const,
  portalSession: (sessionId: string) => [...paperBrokerKeys.all, 'portal-session', sessionId] as const,
  market: (symbols: readonly string[]) => [...paperBrokerKeys.all, 'market', symbols.join(',')] as const,
  accounts: (userId: string) => [...paperBrokerKeys.all, 'accounts', userId] as const,
  positions: (userId: string, accountId: string) => [...paperBrokerKeys.all, 'positions', userId, accountId] as const,
};
