/** Query keys of the traces feature; every entry is scoped by the signed-in user's id. */
export const tracesKeys = {
  all: ['traces'] as const,
  subscriptions: (userId: string) => [...tracesKeys.all, 'subscriptions', userId] as const,
  owned: (userId: string) => [...tracesKeys.all, 'owned', userId] as const,
};
