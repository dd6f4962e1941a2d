/** User-visible texts the server and the web app share (seed 000 §8). */
export const Messages = {
  tooManyLoginAttempts: 'Too many login attempts. Please try again later.',
  invalidCredentials: 'Invalid username or password',
  loginSucceeded: 'Login successful',
  loggedOut: 'Logged out',
  notSignedIn: 'Please sign in to continue.',
  adminOnly: "You don't have admin privileges to access this panel.",
  maintenanceUpdated: (enabled: boolean) => `Beta Launch Mode ${enabled ? 'enabled' : 'disabled'}`,
  routeNotFound: 'Route not found',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again.',
  internal: 'An unexpected error occurred.',
} as const;
