/** Query keys of the dashboard feature; scoped by the signed-in user's id. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  portfolio: (userId: string) => [...dashboardKeys.all, 'portfolio', userId] as const,
  history: (userId: string) => [...dashboardKeys.all, 'portfolio-history', userId] as const,
};
