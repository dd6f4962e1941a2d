/** Query keys of the maintenance feature (Beta Launch Mode). */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
  status: () => [...maintenanceKeys.all, 'status'] as const,
};
