import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { TracesChangedSubject } from '@copytrade/contracts';
import { NATS_CONNECTION, onNatsReconnect, settleInboundMessages, subscribeToBroadcast } from '@copytrade/nest';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { LiveEvent } from '../live-events/live-event';
import { LiveEventsHub } from '../live-events/live-events.hub';
import { SingleFlight } from '../rpc/single-flight';
import type { LiveReadsConfig } from './live-reads.config';

export const LIVE_READS_CONFIG = Symbol('LIVE_READS_CONFIG');

/**
 * A gateway replica tells the others that a user's write went through it (core NATS, published before the write is
 * answered): each drops the user's answers as this one did, so the user's next read is fresh on any replica.
 */
export const LiveReadsUserChangedSubject = 'broadcast.gateway.live-reads.user-changed';
export interface LiveReadsUserChanged {
  userId: string;
}

/** The cached reads: the terminal's feed (depends on traces, everyone's copies, quotes) and the user's copies. */
export type LiveRead = 'live-positions' | 'my-copies';

/** What an answer shows, as far as the cache needs to know. */
export interface LiveReadContents {
  /** live-positions: the trades it shows (another user's copy of one changes its counts). */
  tradeIds: Iterable<string>;
  /**
   * It shows what ages by the clock — a live quote, or a quote that failed and may be had now — so it is fresh
   * LIVE_READS_CACHE_TTL_MS at most; otherwise LIVE_READS_CACHE_UNQUOTED_TTL_MS (what it shows changes by what drops it).
   */
  timeSensitive: boolean;
}

interface Entry {
  userId: string;
  read: LiveRead;
  /** The JSON body as it is sent. */
  json: string;
  /** Past this (performance.now()), the answer is given once more while it is refreshed. */
  freshUntil: number;
  /** live-positions: the trades it shows (another user's copy of one changes its counts). */
  tradeIds: ReadonlySet<string>;
  /** A background refresh of this answer is running. */
  refreshing: boolean;
}

/**
 * GET /api/trading-terminal/live-positions and GET /api/copy-trades/my-copies, polled by every follower (every 30 s
 * and at once on the live push), answered from this replica's memory while nothing they show changed: one entry per
 * (user, URL), never shared between users, fresh LIVE_READS_CACHE_TTL_MS at most (the quotes' age; drawn between 3/4
 * and all of it, so that answers stored together do not go stale together) — LIVE_READS_CACHE_UNQUOTED_TTL_MS for a
 * feed showing no live quote, which the drops below keep current but for the counts of copies still pending;
 * then, for LIVE_READS_CACHE_STALE_MS more, still given while one call refreshes it in the background (at most
 * LIVE_READS_CACHE_REFRESH_CONCURRENCY at once) — only an answer that nothing invalidated ages so: every drop below
 * deletes the entry.
 *
 * Read-your-writes — what drops entries, before anyone could read them again:
 * - the user's own writes (OwnWritesGuard: any non-GET request of a signed-in user drops their entries before
 *   its answer is sent — a copy, a sell, a close, a subscription, a brokerage link — here, and on every other
 *   replica through LiveReadsUserChangedSubject, published before the answer);
 * - the live push (this replica reads every event of the stream, LiveEventsHub): the user's own order fill or copy
 *   opened / closed (on whichever replica it was made) drops that user's entries, and a copy also every feed showing
 *   that trade (its counts); a trade shared or closed drops every feed;
 * - traces' TracesChanged broadcast (a subscription, a trade or a trace changed) drops every feed;
 * - a NATS reconnect drops everything (events may have been missed meanwhile).
 * A read that a drop overtook is not stored (epochs: the whole cache's and the user's), a cached answer is given
 * only after I/O already received is applied (settleInboundMessages), concurrent misses of one key share one call
 * (within an epoch), and errors are never stored.
 */
@Injectable()
export class LiveReadsCache implements OnModuleInit, OnModuleDestroy {
  private readonly entries: LRUCache<string, Entry> | undefined;
  private readonly ttl: number;
  private readonly unquotedTtl: number;
  private readonly staleMs: number;
  private readonly maxRefreshes: number;
  /** Background refreshes running now. */
  private refreshes = 0;
  /** Express's ETag of each cached body, worked out once (keyed by the body: the same string every hit). */
  private readonly etags: LRUCache<string, string>;
  private readonly logger = new Logger(LiveReadsCache.name);
  private readonly inFlight = new SingleFlight<string>();
  private epoch = 0;
  /** Per user: bumped by each drop of the user's entries (a read started before it is not stored). */
  private readonly userEpochs: LRUCache<string, number>;
  private stopBroadcast: (() => void) | undefined;
  private stopUserBroadcast: (() => void) | undefined;
  private stopEvents: (() => void) | undefined;

  constructor(
    @Inject(LIVE_READS_CONFIG) config: LiveReadsConfig,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    private readonly hub: LiveEventsHub,
  ) {
    const max = config.LIVE_READS_CACHE_MAX_ENTRIES;
    // Outlives the entries it guards: a user's epoch must not be forgotten while a read of theirs is in flight.
    this.userEpochs = new LRUCache({ max, ttl: Math.max(config.LIVE_READS_CACHE_TTL_MS, 1) * 30 + 60_000 });
    this.ttl = config.LIVE_READS_CACHE_TTL_MS;
    this.unquotedTtl = Math.max(config.LIVE_READS_CACHE_UNQUOTED_TTL_MS, this.ttl);
    this.staleMs = config.LIVE_READS_CACHE_STALE_MS;
    this.maxRefreshes = config.LIVE_READS_CACHE_REFRESH_CONCURRENCY;
    this.etags = new LRUCache({ max });
    // Each entry's own TTL (its freshness and the stale window) is given when it is stored.
    if (this.ttl > 0) this.entries = new LRUCache({ max, ttl: this.unquotedTtl + this.staleMs });
  }

  onModuleInit(): void {
    if (!this.entries) return;
    this.stopBroadcast = subscribeToBroadcast(this.nats, TracesChangedSubject, () => this.dropFeeds());
    this.stopUserBroadcast = subscribeToBroadcast<LiveReadsUserChanged>(
      this.nats,
      LiveReadsUserChangedSubject,
      ({ userId }) => typeof userId === 'string' && this.dropUser(userId),
    );
    this.stopEvents = this.hub.onEvent((event) => this.applyEvent(event));
    onNatsReconnect(this.nats, () => this.dropAll());
  }

  onModuleDestroy(): void {
    this.stopBroadcast?.();
    this.stopUserBroadcast?.();
    this.stopEvents?.();
  }

  /**
   * The user's answer for `url`: cached, or `load`ed and kept. `contentsOf` says what it shows (by default: no
   * trades, time-sensitive — the shorter freshness).
   */
  async read<T>(
    userId: string,
    read: LiveRead,
    url: string,
    load: () => Promise<T>,
    contentsOf: (body: T) => LiveReadContents = () => ({ tradeIds: [], timeSensitive: true }),
  ): Promise<string> {
    const { entries } = this;
    if (!entries) return JSON.stringify(await load());
    const key = `${userId}\n${read}\n${url}`;
    const fetch = () => {
      const epoch = this.epoch;
      const userEpoch = this.userEpochs.get(userId) ?? 0;
      return this.inFlight.run(`${key}\n${userEpoch}`, epoch, async () => {
        const body = await load();
        const json = JSON.stringify(body);
        // A drop overtook the read: it may hold the old state.
        if (epoch === this.epoch && userEpoch === (this.userEpochs.get(userId) ?? 0)) {
          const { tradeIds, timeSensitive } = contentsOf(body);
          // Between 3/4 of the TTL and all of it: answers stored together go stale at different moments.
          const freshMs = (timeSensitive ? this.ttl : this.unquotedTtl) * (0.75 + Math.random() / 4);
          const entry = {
            userId,
            read,
            json,
            freshUntil: performance.now() + freshMs,
            tradeIds: new Set(tradeIds),
            refreshing: false,
          };
          entries.set(key, entry, { ttl: Math.ceil(freshMs) + this.staleMs });
        }
        return json;
      });
    };
    if (entries.has(key)) {
      await settleInboundMessages(); // a drop already received is applied first
      const hit = entries.get(key);
      if (hit) {
        if (hit.freshUntil <= performance.now()) this.refreshInBackground(hit, fetch);
        return hit.json;
      }
    }
    return fetch();
  }

  /**
   * Refreshes a stale answer unless it is being refreshed already or LIVE_READS_CACHE_REFRESH_CONCURRENCY refreshes
   * are running: then it is simply given once more (within its stale window) and a later read refreshes it.
   */
  private refreshInBackground(hit: Entry, fetch: () => Promise<string>): void {
    if (hit.refreshing || this.refreshes >= this.maxRefreshes) return;
    hit.refreshing = true;
    this.refreshes += 1;
    fetch()
      .catch((error: unknown) => this.logger.warn(`Refreshing ${hit.read} failed: ${String(error)}`))
      .finally(() => {
        this.refreshes -= 1;
        hit.refreshing = false;
      });
  }

  /** The user wrote through this replica: their answers dropped here and on every other replica. */
  userWrote(userId: string): void {
    this.dropUser(userId);
    try {
      this.nats.publish(LiveReadsUserChangedSubject, JSON.stringify({ userId } satisfies LiveReadsUserChanged));
    } catch {
      // NATS closed or reconnecting: the other replicas drop everything when it is back (onNatsReconnect).
    }
  }

  /**
   * Sets the answer's ETag (Express's own, `etag fn`) on the response, worked out once per cached body instead of
   * on every answer (hashing a feed of 200 positions each time was a large part of a cached read).
   */
  setETag(request: Request, response: Response, json: string): void {
    const etagOf = request.app.get('etag fn') as ((body: string, encoding: 'utf8') => string | undefined) | undefined;
    if (!etagOf) return;
    let etag = this.etags.get(json);
    if (etag === undefined) {
      etag = etagOf(json, 'utf8');
      if (etag === undefined) return;
      this.etags.set(json, etag);
    }
    response.setHeader('ETag', etag);
  }

  /** Every answer of the user (their own write, their copy or fill). */
  dropUser(userId: string): void {
    this.userEpochs.set(userId, (this.userEpochs.get(userId) ?? 0) + 1);
    if (!this.entries) return;
    for (const [key, entry] of this.entries.entries()) if (entry.userId === userId) this.entries.delete(key);
  }

  private applyEvent(event: LiveEvent): void {
    const { type, data } = event.message;
    if (type === 'trade.shared' || type === 'trade.closed') return this.dropFeeds();
    if (event.audience.kind !== 'users') return;
    for (const userId of event.audience.userIds) this.dropUser(userId);
    const tradeId = data.originalTradeId;
    if ((type === 'copy.opened' || type === 'copy.closed') && typeof tradeId === 'string') this.dropFeeds(tradeId);
  }

  /** The feeds showing `tradeId`, or every feed. */
  private dropFeeds(tradeId?: string): void {
    this.epoch += 1;
    if (!this.entries) return;
    for (const [key, entry] of this.entries.entries())
      if (entry.read === 'live-positions' && (tradeId === undefined || entry.tradeIds.has(tradeId)))
        this.entries.delete(key);
  }

  private dropAll(): void {
    this.epoch += 1;
    this.entries?.clear();
  }
}
