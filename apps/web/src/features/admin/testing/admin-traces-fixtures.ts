import type { AdminTraceView } from '@copytrade/contracts';
import { buildAdmin } from '@/testing/data';
import { signedInAs, type MockRoutes } from '@/testing/mock-api';
import { buildTraceSummary } from '@/testing/trace-fixtures';

export const ADMIN = buildAdmin({ id: '0b7a3c1e-0000-4000-8000-00000000a001' });
export const OWNER_ID = '5f0c6c8e-0000-4000-8000-00000000b002';
export const NEW_OWNER_ID = '9d1e2f3a-0000-4000-8000-00000000c003';

/** An admin list row as POST /api/admin/traces answers it: the list's trace with its owner's identity and counts. */
export function buildAdminTrace(overrides: Partial<AdminTraceView> = {}): AdminTraceView {
  const ownerId = overrides.ownerId ?? OWNER_ID;
  return {
    ...buildTraceSummary({ ownerId, subscriberCount: 12_482, totalTrades: 240, createdAt: '2026-03-04T12:00:00.000Z' }),
    owner: { id: ownerId, username: 'maya_chen', email: 'maya@example.com' },
    counts: { subscriptions: 12_482, trades: 240, posts: 7 },
    isOnboardingTrader: false,
    ...overrides,
  };
}

/** Signed in as the admin, with the Traces tab's two reads answering `traces` and `onboardingTrader`. */
export function adminWithTraces(
  traces: AdminTraceView[] = [],
  onboardingTrader: AdminTraceView | null = null,
): MockRoutes {
  return {
    ...signedInAs(ADMIN),
    'POST /api/admin/traces': { body: { success: true, traces } },
    'POST /api/admin/onboarding-trader': { body: { success: true, onboardingTrader } },
  };
}
