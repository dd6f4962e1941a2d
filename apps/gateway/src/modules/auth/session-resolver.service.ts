import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  IdentityRpc,
  SessionsInvalidatedSubject,
  type ResolveSessionRpcReply,
  type SessionsInvalidated,
  type SessionTokenRpcRequest,
  type UserView,
} from '@copytrade/contracts';
import {
  NATS_CONNECTION,
  onNatsReconnect,
  RpcClient,
  settleInboundMessages,
  subscribeToBroadcast,
} from '@copytrade/nest';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { GatewayConfig } from '../../config/gateway.config';
import { SingleFlight } from '../rpc/single-flight';
import { rpcContextOf, type GatewayRequest } from './authenticated-request';

interface CachedSession {
  user: UserView | null;
  /** Values derived from the session (the owner's view with the provider secret), dropped with it. */
  derived: Map<string, unknown>;
}

/**
 * Resolves a session cookie to its user with identity, through a small in-process cache so signed-in hot
 * reads cost no NATS round trip. Staleness is bounded three ways:
 * - identity broadcasts every revocation or user change BEFORE answering the request that caused it (logout,
 *   password reset, role change, the user's own data); every replica drops the matching entries;
 * - after a NATS reconnect (broadcasts may have been missed) the whole cache is dropped;
 * - SESSION_CACHE_TTL_SECONDS bounds the damage of anything else (0 turns the cache off).
 * Keys are the token's SHA-256, as identity stores and broadcasts it: raw tokens are never kept.
 */
@Injectable()
export class SessionResolver implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SessionResolver.name);
  private readonly cache: LRUCache<string, CachedSession> | undefined;
  /** Bumped by every invalidation: a lookup that started before one must not store what it read. */
  private epoch = 0;
  private readonly lookups = new SingleFlight<UserView | null>();
  private unsubscribe?: () => void;

  constructor(
    private readonly rpc: RpcClient,
    config: GatewayConfig,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {
    if (config.SESSION_CACHE_TTL_SECONDS > 0)
      this.cache = new LRUCache({
        max: config.SESSION_CACHE_MAX_ENTRIES,
        ttl: config.SESSION_CACHE_TTL_SECONDS * 1000,
      });
  }

  onModuleInit(): void {
    this.unsubscribe = subscribeToBroadcast<SessionsInvalidated>(this.nats, SessionsInvalidatedSubject, (message) =>
      this.invalidate(message),
    );
    onNatsReconnect(this.nats, () => {
      this.logger.log('NATS reconnected: dropping cached sessions (invalidations may have been missed)');
      this.clear();
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** The session's user, or null for an unknown, expired or revoked token. */
  async resolve(sessionToken: string, request: GatewayRequest): Promise<UserView | null> {
    const key = hashToken(sessionToken);
    if (this.cache?.has(key)) {
      // An invalidation already in this process's socket is applied before a cached answer is trusted.
      await settleInboundMessages();
      const cached = this.cache.get(key);
      if (cached) return cached.user;
    }
    // Requests of one session arriving together (or when its entry expires under load) share one lookup.
    const epoch = this.epoch;
    return this.lookups.run(key, epoch, async () => {
      const { user } = await this.rpc.request<SessionTokenRpcRequest, ResolveSessionRpcReply>(
        IdentityRpc.resolveSession,
        { sessionToken },
        rpcContextOf(request),
      );
      if (epoch === this.epoch) this.cache?.set(key, { user, derived: new Map() });
      return user;
    });
  }

  /**
   * A value derived from the request's session (computed once per cached session, dropped with it).
   * `keep` decides whether a result may be cached (a partial answer is not).
   */
  async derived<T>(
    sessionToken: string,
    name: string,
    compute: () => Promise<T>,
    keep: (value: T) => boolean,
  ): Promise<T> {
    const entry = this.cache?.get(hashToken(sessionToken));
    if (entry?.derived.has(name)) return entry.derived.get(name) as T;
    const epoch = this.epoch;
    const value = await compute();
    if (entry && epoch === this.epoch && keep(value)) entry.derived.set(name, value);
    return value;
  }

  invalidate({ tokenHash, userId }: SessionsInvalidated): void {
    this.epoch += 1;
    if (!this.cache) return;
    if (tokenHash) this.cache.delete(tokenHash);
    if (userId) {
      const stale = [...this.cache.entries()].filter(([, entry]) => entry.user?.id === userId).map(([key]) => key);
      for (const key of stale) this.cache.delete(key);
    }
  }

  clear(): void {
    this.epoch += 1;
    this.cache?.clear();
  }
}

function hashToken(sessionToken: string): string {
  return createHash('sha256').update(sessionToken).digest('hex');
}
