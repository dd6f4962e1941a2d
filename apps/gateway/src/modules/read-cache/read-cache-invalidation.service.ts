import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  ReadCacheTags,
  SessionsInvalidatedSubject,
  TracesChangedSubject,
  sessionsInvalidatedTags,
  tracesChangedTags,
  type SessionsInvalidated,
  type TracesChanged,
} from '@copytrade/contracts';
import { NATS_CONNECTION, onNatsReconnect, publishBeforeReply, subscribeToBroadcast } from '@copytrade/nest';
import type { LiveEvent } from '../live-events/live-event';
import { LiveEventsHub } from '../live-events/live-events.hub';
import { ReadCache } from './read-cache.service';

/**
 * Gateway to gateways (core NATS): a signed-in user's write went through one replica (published before it is
 * answered); every replica drops that user's answers (`user:<id>`), so the user's next read is fresh on any replica.
 */
export const LiveReadsUserChangedSubject = 'broadcast.gateway.live-reads.user-changed';
export interface LiveReadsUserChanged {
  userId: string;
}

/**
 * Gateway to gateways (core NATS): a brokerage write went through one replica; every replica drops the user's
 * brokerage reads (`brokerage:<id>`), or everyone's (`userId` absent: the paper market), before it is answered.
 */
export const BrokerageReadsInvalidatedSubject = 'broadcast.gateway.brokerage-reads.invalidated';
interface BrokerageReadsInvalidated {
  userId?: string;
}

/**
 * What drops ReadCache entries, as tags: the owners' broadcasts (TracesChanged, identity's SessionsInvalidated), the
 * live push (events this replica reads from the stream), the writes answered through the gateway (here and, by
 * broadcast, on every other replica: read-your-writes), and a NATS reconnect (everything: broadcasts may have been
 * lost meanwhile).
 */
@Injectable()
export class ReadCacheInvalidation implements OnModuleInit, OnModuleDestroy {
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly cache: ReadCache,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    private readonly hub: LiveEventsHub,
  ) {}

  onModuleInit(): void {
    const drop = (tags: readonly string[]) => this.cache.invalidate(tags);
    this.stops.push(
      subscribeToBroadcast<TracesChanged>(this.nats, TracesChangedSubject, (message) =>
        drop(tracesChangedTags(message)),
      ),
      // Identity's "user changed" (their brokerage link projected, among others); a single-session logout is none.
      subscribeToBroadcast<SessionsInvalidated>(this.nats, SessionsInvalidatedSubject, (message) =>
        drop(sessionsInvalidatedTags(message)),
      ),
      subscribeToBroadcast<BrokerageReadsInvalidated>(this.nats, BrokerageReadsInvalidatedSubject, ({ userId }) =>
        drop([brokerageTag(userId)]),
      ),
      subscribeToBroadcast<LiveReadsUserChanged>(this.nats, LiveReadsUserChangedSubject, ({ userId }) => {
        if (typeof userId === 'string') drop([ReadCacheTags.user(userId)]);
      }),
      this.hub.onEvent((event) => drop(liveEventTags(event))),
    );
    onNatsReconnect(this.nats, () => this.cache.dropAll());
  }

  onModuleDestroy(): void {
    for (const stop of this.stops) stop();
  }

  /** Drops `tags` on this replica only (the owner's broadcast tells the others). */
  local(tags: readonly string[]): void {
    this.cache.invalidate(tags);
  }

  /** The user wrote through this replica: their answers dropped here and on every other replica. */
  userWrote(userId: string): void {
    this.cache.invalidate([ReadCacheTags.user(userId)]);
    try {
      this.nats.publish(LiveReadsUserChangedSubject, JSON.stringify({ userId } satisfies LiveReadsUserChanged));
    } catch {
      // NATS closed or reconnecting: the other replicas drop everything when it is back (onNatsReconnect).
    }
  }

  /** A brokerage write (of the user, or of everyone): dropped everywhere; resolves once NATS has the message. */
  brokerageWrote(userId: string | undefined): Promise<void> {
    this.cache.invalidate([brokerageTag(userId)]);
    const message: BrokerageReadsInvalidated = userId ? { userId } : {};
    return publishBeforeReply(this.nats, BrokerageReadsInvalidatedSubject, message);
  }
}

function brokerageTag(userId: unknown): string {
  return typeof userId === 'string' && userId ? ReadCacheTags.brokerage(userId) : ReadCacheTags.everyBrokerage;
}

/**
 * The live push as tags: a trade shared or closed changes what any trades feed shows (`traces`); an event of named
 * users changes their own data (`user:<id>`), and a copy opened or closed also the trade's copy counts (`trade:<id>`).
 */
export function liveEventTags(event: LiveEvent): string[] {
  const { type, data } = event.message;
  if (type === 'trade.shared' || type === 'trade.closed') return [ReadCacheTags.traces];
  if (event.audience.kind !== 'users') return [];
  const tags = event.audience.userIds.map((userId) => ReadCacheTags.user(userId));
  const tradeId = data.originalTradeId;
  if ((type === 'copy.opened' || type === 'copy.closed') && typeof tradeId === 'string')
    tags.push(ReadCacheTags.trade(tradeId));
  return tags;
}
