import type {
  OnboardingTraderResponse,
  OnboardingTraderView,
  TraceSummaryView,
  TracesListResponse,
} from '@copytrade/contracts';
import { FALLBACK_ONBOARDING_TRADER, ONBOARDING_RECENT_TRADES } from '@copytrade/contracts/http/traces/traces.rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { tracesKeys } from '@/lib/traces/query-keys';
import { api } from '@/lib/api-client';

export type OnboardingTrader = OnboardingTraderView;

/** The designated trader's figures when the trace has none (see docs/product.md#entities-and-fields). */
export const DEFAULT_WIN_RATE = FALLBACK_ONBOARDING_TRADER.winRate;
export const DEFAULT_MONTHLY_RETURN = FALLBACK_ONBOARDING_TRADER.monthlyReturn;

/** The fallback trader ('Default Trader', '@default_trader', 75 %, 18.5 %, 100 followers, no trades). */
export const fallbackTrader = (): OnboardingTrader => ({ ...FALLBACK_ONBOARDING_TRADER, trades: [] });

/** Missing figures take the fallback's defaults; at most 3 recent trades are kept. */
function withDefaults(trader: OnboardingTrader): OnboardingTrader {
  return {
    ...trader,
    winRate: trader.winRate ?? DEFAULT_WIN_RATE,
    monthlyReturn: trader.monthlyReturn ?? DEFAULT_MONTHLY_RETURN,
    subscriberCount: trader.subscriberCount ?? 0,
    description: trader.description ?? '',
    bio: trader.bio ?? '',
    trades: (trader.trades ?? []).slice(0, ONBOARDING_RECENT_TRADES),
  };
}

/** A discovery trace shown as the designated trader (no recent trades: a non-subscriber sees none). */
function fromTrace(trace: TraceSummaryView): OnboardingTrader {
  return withDefaults({
    id: trace.id,
    name: trace.name,
    handle: trace.handle,
    avatar: trace.avatar,
    isVerified: trace.isVerified,
    winRate: trace.winRate,
    monthlyReturn: trace.monthlyReturn,
    subscriberCount: trace.subscriberCount,
    description: trace.description,
    bio: trace.bio,
    trades: [],
  });
}

/**
 * The trader of the wizard's second step (docs/product.md#entities-and-fields): `GET /api/onboarding-trader`; when no
 * trace is designated (the answer says `isFallback`) or that call fails, the first trace of `GET
 * /api/traces?search=&limit=1`; when there is none either, the fallback trader. Failures are only logged
 * (docs/product.md#error-messages).
 */
export async function getOnboardingTrader(signal?: AbortSignal): Promise<OnboardingTrader> {
  try {
    const response = await api.get<OnboardingTraderResponse>('/api/onboarding-trader', { signal });
    if (response.trader && !response.isFallback) return withDefaults(response.trader);
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to load the onboarding trader; trying the first trace instead', error);
  }
  try {
    const response = await api.get<TracesListResponse>('/api/traces?search=&limit=1', { signal });
    const first = response.traces?.[0];
    if (first) return fromTrace(first);
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to load a trace for onboarding; showing the default trader', error);
  }
  return fallbackTrader();
}

export const getOnboardingTraderQueryOptions = () =>
  queryOptions({
    queryKey: tracesKeys.onboardingTrader(),
    queryFn: ({ signal }) => getOnboardingTrader(signal),
  });

export function useOnboardingTrader() {
  return useQuery(getOnboardingTraderQueryOptions());
}
