import { useRef } from 'react';
import { useSubscribe } from '@/lib/traces/subscribe';
import { useUnsubscribe } from '@/lib/traces/unsubscribe';

/**
 * Subscribe and unsubscribe are throttled client-side to one per 2 seconds (see
 * docs/product.md#subscribe-and-unsubscribe).
 */
export const SUBSCRIPTION_THROTTLE_MS = 2_000;

/**
 * Subscribe and unsubscribe for the trace page, sharing one throttle: an action within 2 s of the previous one,
 * or while one is still running, is ignored. Failures are only logged (by the mutations).
 */
export function useSubscriptionActions({ userId, traceId }: { userId: string; traceId: string }) {
  const subscribeMutation = useSubscribe({ userId, traceId });
  const unsubscribeMutation = useUnsubscribe({ userId, traceId });
  const lastActionAt = useRef<number | null>(null);
  const busy = subscribeMutation.isPending || unsubscribeMutation.isPending;

  const admit = (): boolean => {
    const now = Date.now();
    if (busy) return false;
    if (lastActionAt.current !== null && now - lastActionAt.current < SUBSCRIPTION_THROTTLE_MS) return false;
    lastActionAt.current = now;
    return true;
  };

  return {
    /** Subscribe at `tierId` (the first available tier). */
    subscribe: (tierId: string) => {
      if (admit()) subscribeMutation.mutate(tierId);
    },
    unsubscribe: () => {
      if (admit()) unsubscribeMutation.mutate();
    },
    isSubscribing: subscribeMutation.isPending,
    isUnsubscribing: unsubscribeMutation.isPending,
  };
}

export type SubscriptionActions = ReturnType<typeof useSubscriptionActions>;
