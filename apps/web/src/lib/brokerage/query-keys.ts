/** Query keys of the brokerage feature (Settings → Brokerage); scoped by the signed-in user's id. */
export const brokerageKeys = {
  all: ['brokerage'] as const,
  connections: (userId: string) => [...brokerageKeys.all, 'connections', userId] as const,
  accounts: (userId: string) => [...brokerageKeys.all, 'accounts', userId] as const,
};
