import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  COPYABLE_OPEN_TRADES_PAGE_MAX,
  SubscriptionStarted,
  subscriptionAggregateId,
  tierRank,
  TracesCopyableOpenTradesRpc,
  type CopyableOpenTradesRpcPayload,
  type CopyableOpenTradesRpcReply,
  type RpcRequest,
  type SubscriptionStartedV1,
  type TierName,
} from '@copytrade/contracts';
import { AutoCopyStandInsModule, envelope, publish, world } from './auto-copy-world';

/**
 * Traces' copyable open trades, stood in over the automatic-copy world's trades: a follower's tier per trace, the
 * trades of that trace not closed whose required tier ranks at or below it, keyset-paged on the id (the rule itself
 * is traces', tested on its real tables in its copyable-open-trades suite).
 */
export const openTrades = {
  /** `traceId:userId` → the follower's tier (absent: no subscription that may copy). */
  tiers: new Map<string, TierName>(),
  closed: new Set<string>(),
  calls: [] as CopyableOpenTradesRpcPayload[],
  reset(): void {
    this.tiers.clear();
    this.closed.clear();
    this.calls = [];
  },
};

@Controller()
class OpenTradesStandIn {
  @MessagePattern(TracesCopyableOpenTradesRpc.list)
  list(@Payload() { payload }: RpcRequest<CopyableOpenTradesRpcPayload>): CopyableOpenTradesRpcReply {
    openTrades.calls.push(payload);
    const tier = openTrades.tiers.get(`${payload.traceId}:${payload.userId}`);
    if (!tier) return { trades: [], nextCursor: null };
    const limit = payload.limit ?? COPYABLE_OPEN_TRADES_PAGE_MAX;
    const trades = [...world.trades.values()]
      .filter((trade) => trade.traceId === payload.traceId && !openTrades.closed.has(trade.id))
      .filter((trade) => tierRank(trade.requiredTier ?? 'free') <= tierRank(tier))
      .filter((trade) => !payload.after || trade.id > payload.after)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit);
    return { trades, nextCursor: trades.length === limit ? trades[limit - 1]!.id : null };
  }
}

@Module({ imports: [AutoCopyStandInsModule], controllers: [OpenTradesStandIn] })
export class OpenPositionsStandInsModule {}

/** SubscriptionStarted of a follower to a trace (version 1 of its aggregate), written by traces at `occurredAt`. */
export async function publishSubscriptionStarted(
  nc: NatsConnection,
  subscription: { traceId: string; userId: string; tierName: TierName },
  occurredAt = new Date(),
) {
  const event = envelope<SubscriptionStartedV1>(
    SubscriptionStarted.type,
    'traces',
    subscriptionAggregateId(subscription.traceId, subscription.userId),
    1,
    {
      subscriptionId: randomUUID(),
      tierId: randomUUID(),
      source: 'user',
      occurredAt: occurredAt.toISOString(),
      ...subscription,
    },
  );
  event.occurredAt = occurredAt.toISOString();
  await publish(nc, SubscriptionStarted.subject, event);
  return event;
}
