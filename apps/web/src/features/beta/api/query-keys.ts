/** Query keys of the beta feature (beta entry: capacity, requests, code verification). */
export const betaKeys = {
  all: ['beta'] as const,
  status: () => [...betaKeys.all, 'status'] as const,
};
