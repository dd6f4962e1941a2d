import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { SessionsInvalidatedSubject, type SessionsInvalidated } from '@copytrade/contracts';
import {
  NATS_CONNECTION,
  onNatsReconnect,
  publishBeforeReply,
  settleInboundMessages,
  subscribeToBroadcast,
} from '@copytrade/nest';
import { LRUCache } from 'lru-cache';
import { GatewayConfig } from '../../config/gateway.config';

/** Gateway to gateways (core NATS): drop cached brokerage reads of one user, or of everyone (`userId` absent). */
export const BrokerageReadsInvalidatedSubject = 'broadcast.gateway.brokerage-reads.invalidated';
interface BrokerageReadsInvalidated {
  userId?: string;
}

/**
 * Short-lived cache of a user's brokerage reads (the account list: a provider round trip and a link sync each
 * time). Read-your-writes: every brokerage write through any gateway (order, connection, registration, paper
 * market control) drops the user's entries on every replica BEFORE it is answered (BrokerageWritesInterceptor),
 * as does identity's broadcast when the user's brokerage link changes. Changes made elsewhere (the provider's
 * own portal, fills of resting orders) show within BROKERAGE_READ_CACHE_TTL_SECONDS (0 turns the cache off).
 */
@Injectable()
export class BrokerageReadCache implements OnModuleInit, OnModuleDestroy {
  private readonly cache: LRUCache<string, { userId: string; value: unknown }> | undefined;
  private epoch = 0;
  private readonly unsubscribe: Array<() => void> = [];

  constructor(
    config: GatewayConfig,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {
    if (config.BROKERAGE_READ_CACHE_TTL_SECONDS > 0)
      this.cache = new LRUCache({
        max: config.SESSION_CACHE_MAX_ENTRIES,
        ttl: config.BROKERAGE_READ_CACHE_TTL_SECONDS * 1000,
      });
  }

  onModuleInit(): void {
    const drop = ({ userId }: BrokerageReadsInvalidated | SessionsInvalidated) => this.drop(userId);
    this.unsubscribe.push(
      subscribeToBroadcast<BrokerageReadsInvalidated>(this.nats, BrokerageReadsInvalidatedSubject, drop),
      // Identity's "user changed" (brokerage link projected, among others); a single-session logout is no change.
      subscribeToBroadcast<SessionsInvalidated>(this.nats, SessionsInvalidatedSubject, (message) => {
        if (message.userId) drop(message);
      }),
    );
    onNatsReconnect(this.nats, () => this.drop(undefined));
  }

  onModuleDestroy(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }

  async read<T>(userId: string, key: string, load: () => Promise<T>): Promise<T> {
    const cacheKey = `${userId}\n${key}`;
    if (this.cache?.has(cacheKey)) {
      await settleInboundMessages(); // an invalidation already received is applied first
      const hit = this.cache.get(cacheKey);
      if (hit) return hit.value as T;
    }
    const epoch = this.epoch;
    const value = await load();
    if (epoch === this.epoch) this.cache?.set(cacheKey, { userId, value });
    return value;
  }

  /** Tells every replica (this one included) to drop the reads; resolves once NATS has the message. */
  invalidateEverywhere(userId: string | undefined): Promise<void> {
    this.drop(userId);
    const message: BrokerageReadsInvalidated = userId ? { userId } : {};
    return publishBeforeReply(this.nats, BrokerageReadsInvalidatedSubject, message);
  }

  private drop(userId: string | undefined): void {
    this.epoch += 1;
    if (!this.cache) return;
    if (!userId) return this.cache.clear();
    const stale = [...this.cache.entries()].filter(([, entry]) => entry.userId === userId).map(([key]) => key);
    for (const key of stale) this.cache.delete(key);
  }
}
