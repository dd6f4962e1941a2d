import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';

/** The admin panel's fallbacks when a failure carries no server message (see docs/product.md#error-messages). */
export const AdminFallbacks = {
  fetchTraces: 'Failed to fetch traces',
  createTrace: 'Failed to create trace',
  updateTraceOwner: 'Failed to update trace owner',
  fetchOnboardingTrader: 'Failed to fetch onboarding trader',
  setOnboardingTrader: 'Failed to set onboarding trader',
  deleteTrace: 'Failed to delete trace',
  fetchUsers: 'Failed to fetch users',
  toggleAdmin: 'Failed to toggle admin status',
  fetchConnections: 'Failed to fetch connections',
  fetchSnaptradeUsers: 'Failed to fetch SnapTrade users',
  fetchHoldings: 'Failed to fetch holdings',
  deleteConnection: 'Failed to delete connection',
  deleteSnaptradeUser: 'Failed to delete SnapTrade user',
  removeBrokerage: 'Failed to remove brokerage authorization',
  fetchTrades: 'Failed to fetch trades',
  unshareTrade: 'Failed to unshare trade',
  shareTrade: 'Failed to share trade',
  deleteTrade: 'Failed to delete trade',
  fetchFeedback: 'Failed to fetch feedback',
  updateFeedbackStatus: 'Failed to update feedback status',
  fetchInvestorStats: 'Failed to fetch investor statistics',
  /** Not in the documented list (the Audit Log tab came later): worded as its siblings. */
  fetchAuditLog: 'Failed to fetch audit log',
} as const;

/** The server's message when it sent one, else the documented fallback. */
export const adminErrorMessage = (error: unknown, fallback: string): string =>
  (isApiError(error) && error.serverMessage) || fallback;

/** Successes show 'Success' with the server's message (see docs/product.md#error-messages). */
export function toastAdminSuccess(message: string): void {
  toast.success('Success', { description: message });
}

/** An 'Info' toast for the orphaned-user cleanup that is not implemented (see docs/product.md#admin-panel). */
export function toastAdminInfo(message: string): void {
  toast.info('Info', { description: message });
}

/**
 * Failures (docs/product.md#error-messages) show a destructive 'Error' toast with the server's message or the
 * fallback. `id` keeps one toast per failing read (a re-render or a second mount does not stack copies).
 */
export function toastAdminError(error: unknown, fallback: string, { id }: { id?: string } = {}): string {
  const message = adminErrorMessage(error, fallback);
  console.error(message, error);
  toast.error('Error', { description: message, ...(id ? { id } : {}) });
  return message;
}
