import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  TRACES_PAGE_DEFAULT,
  TRADES_PAGE_DEFAULT,
  TracesChangedSubject,
  type GetTraceRpcReply,
  type ListTracesQueryDto,
  type ListTracesRpcReply,
  type ListTradesQueryDto,
  type ListTradesRpcReply,
  type TraceDetailView,
  type TracesChanged,
  type TraceViewerView,
  type TradeView,
} from '@copytrade/contracts';
import { NATS_CONNECTION, onNatsReconnect, settleInboundMessages, subscribeToBroadcast } from '@copytrade/nest';
import { LRUCache } from 'lru-cache';
import { GatewayConfig } from '../../config/gateway.config';

/** A cached answer; `traceId` null: the list of traces (every change drops it). */
interface Answer {
  traceId: string | null;
  value: unknown;
}
/** What the traces service answered about one user's access to one trace (TraceViewerView). */
interface Access {
  traceId: string;
  viewer: TraceViewerView;
}
type TraceWithoutViewer = Omit<TraceDetailView, 'viewer'>;

/**
 * The hot traces reads, answered without a round trip to the traces service while nothing changed:
 *
 * - `GET /api/traces` is the same for every signed-in user (ListTracesUseCase reads no viewer): one entry per
 *   normalised query.
 * - A trace's page and its trades depend on the viewer only through the viewer's access (TraceViewerView:
 *   owner, subscribed, tier), which both replies carry. The answers are kept per (trace, access) without the
 *   viewer, and each user's access per (user, trace): a user whose access is known reads the answer of that
 *   access. Nothing of one user is answered to another; the viewer block always comes from the user's own entry.
 *   A trades read needs an access that grants it: anyone else asks the service (which answers 403).
 *
 * Read-your-writes: the traces service publishes `TracesChangedSubject` after committing any change (a
 * subscription, a trace, its trades, posts or settings) and before answering it, so every replica has dropped
 * the trace's answers, its users' access entries and the list of traces before the writer reads again; a gateway
 * also drops them itself when a subscription call through it is answered. A read that a change overtook is not
 * stored (epoch), cached answers are given only after I/O already received is applied (settleInboundMessages),
 * concurrent misses of the same answer share one call within an epoch, errors are never stored, the whole cache
 * is dropped on a NATS reconnect (broadcasts may have been lost meanwhile), and entries live
 * TRACES_READ_CACHE_TTL_SECONDS at most (0 turns the cache off).
 */
@Injectable()
export class TracesReadCache implements OnModuleInit, OnModuleDestroy {
  private readonly answers: LRUCache<string, Answer> | undefined;
  private readonly access: LRUCache<string, Access> | undefined;
  private readonly inFlight = new Map<string, { epoch: number; promise: Promise<unknown> }>();
  private epoch = 0;
  private stopBroadcast: (() => void) | undefined;

  constructor(
    config: GatewayConfig,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {
    if (config.TRACES_READ_CACHE_TTL_SECONDS <= 0) return;
    const ttl = config.TRACES_READ_CACHE_TTL_SECONDS * 1000;
    this.answers = new LRUCache({ max: config.TRACES_READ_CACHE_MAX_ENTRIES, ttl });
    this.access = new LRUCache({ max: config.SESSION_CACHE_MAX_ENTRIES, ttl });
  }

  onModuleInit(): void {
    this.stopBroadcast = subscribeToBroadcast<TracesChanged>(this.nats, TracesChangedSubject, ({ traceId }) =>
      this.drop(traceId),
    );
    onNatsReconnect(this.nats, () => this.drop(undefined));
  }

  onModuleDestroy(): void {
    this.stopBroadcast?.();
  }

  /** GET /api/traces. */
  async list(query: ListTracesQueryDto, load: () => Promise<ListTracesRpcReply>): Promise<ListTracesRpcReply> {
    const answers = this.answers;
    if (!answers) return load();
    const key = `list\n${listKey(query)}`;
    if (answers.has(key)) {
      await settleInboundMessages(); // a change already received is applied first
      const hit = answers.get(key);
      if (hit) return hit.value as ListTracesRpcReply;
    }
    return this.shared(key, async (epoch) => {
      const reply = await load();
      if (epoch === this.epoch) answers.set(key, { traceId: null, value: reply });
      return reply;
    });
  }

  /** GET /api/traces/{id}/trades. The owner's `includeRealtimeData` read is never cached (live prices). */
  async trades(
    userId: string,
    traceId: string,
    query: ListTradesQueryDto,
    load: () => Promise<ListTradesRpcReply>,
  ): Promise<TradeView[]> {
    if (!this.answers || query.includeRealtimeData) return (await load()).trades;
    const params = `${query.limit ?? TRADES_PAGE_DEFAULT}\n${query.status ?? ''}`;
    const keyFor = (viewer: TraceViewerView) =>
      viewer.hasAccess ? `trades\n${traceId}\n${accessKey(viewer)}\n${params}` : undefined;
    const hit = await this.hit(userId, traceId, keyFor);
    if (hit) return hit.value as TradeView[];
    return this.shared(`${userId}\ntrades\n${traceId}\n${params}`, async (epoch) => {
      const reply = await load();
      if (reply.viewer) this.store(epoch, userId, traceId, reply.viewer, keyFor(reply.viewer), reply.trades);
      return reply.trades;
    });
  }

  /** GET /api/traces/{id}. */
  async trace(userId: string, traceId: string, load: () => Promise<GetTraceRpcReply>): Promise<TraceDetailView> {
    if (!this.answers) return (await load()).trace;
    const keyFor = (viewer: TraceViewerView) => `trace\n${traceId}\n${accessKey(viewer)}`;
    const hit = await this.hit(userId, traceId, keyFor);
    if (hit) return { ...(hit.value as TraceWithoutViewer), viewer: hit.viewer };
    return this.shared(`${userId}\ntrace\n${traceId}`, async (epoch) => {
      const { trace } = await load();
      const { viewer, ...withoutViewer } = trace;
      // The owner's username comes from identity: null when it did not answer in time, a degraded answer.
      if (trace.owner?.username != null) this.store(epoch, userId, traceId, viewer, keyFor(viewer), withoutViewer);
      return trace;
    });
  }

  /** This replica only: the writes answered through it (the traces service tells every replica as well). */
  dropTrace(traceId: string | undefined): void {
    this.drop(traceId);
  }

  /** The user's access and the answer of that access, both present; looked up again after pending I/O ran. */
  private async hit(
    userId: string,
    traceId: string,
    keyFor: (viewer: TraceViewerView) => string | undefined,
  ): Promise<{ viewer: TraceViewerView; value: unknown } | undefined> {
    const lookup = () => {
      const access = this.access?.get(`${userId}\n${traceId}`);
      const key = access && keyFor(access.viewer);
      const answer = key === undefined ? undefined : this.answers?.get(key);
      return answer && { viewer: access!.viewer, value: answer.value };
    };
    if (!lookup()) return undefined;
    await settleInboundMessages();
    return lookup();
  }

  private store(
    epoch: number,
    userId: string,
    traceId: string,
    viewer: TraceViewerView,
    key: string | undefined,
    value: unknown,
  ): void {
    if (epoch !== this.epoch) return; // a change overtook the read: it may hold the old state
    this.access?.set(`${userId}\n${traceId}`, { traceId, viewer });
    if (key !== undefined) this.answers?.set(key, { traceId, value });
  }

  /** Concurrent misses of one key share the call, but only within an epoch (never a read a change overtook). */
  private shared<T>(key: string, load: (epoch: number) => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running && running.epoch === this.epoch) return running.promise as Promise<T>;
    const promise = load(this.epoch).finally(() => {
      if (this.inFlight.get(key)?.promise === promise) this.inFlight.delete(key);
    });
    this.inFlight.set(key, { epoch: this.epoch, promise });
    return promise;
  }

  /** One trace (its answers, its users' access) and the list of traces; everything when `traceId` is absent. */
  private drop(traceId: string | undefined): void {
    this.epoch += 1;
    if (!this.answers || !this.access) return;
    if (!traceId) {
      this.answers.clear();
      this.access.clear();
      return;
    }
    const staleAnswers = [...this.answers.entries()]
      .filter(([, answer]) => answer.traceId === null || answer.traceId === traceId)
      .map(([key]) => key);
    for (const key of staleAnswers) this.answers.delete(key);
    const staleAccess = [...this.access.entries()]
      .filter(([, access]) => access.traceId === traceId)
      .map(([key]) => key);
    for (const key of staleAccess) this.access.delete(key);
  }
}

/** The viewer's access as a key: answers are shared only between users whose access is exactly the same. */
const accessKey = (viewer: TraceViewerView): string => JSON.stringify(viewer);

/** The validated query with the service's defaults filled in (same answer, same key). */
function listKey(query: ListTracesQueryDto): string {
  return JSON.stringify([
    query.search?.trim() ?? '',
    query.featured ?? null,
    query.category === 'All' ? null : (query.category ?? null),
    query.sortBy ?? 'return',
    query.limit ?? TRACES_PAGE_DEFAULT,
    query.offset ?? 0,
  ]);
}
