/** Paths that stay reachable while Beta Launch Mode is on (docs/product.md#maintenance-screen). */
export const MAINTENANCE_EXEMPT_PATHS = ['/', '/login', '/request-beta', '/beta-signup', '/admin'] as const;

export function isMaintenanceExempt(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (MAINTENANCE_EXEMPT_PATHS as readonly string[]).includes(normalised);
}
