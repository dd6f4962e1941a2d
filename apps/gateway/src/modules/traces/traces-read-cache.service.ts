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
  type TraceResponse,
  type TracesChanged,
  type TracesListResponse,
  type TradesResponse,
  type TraceViewerView,
} from '@copytrade/contracts';
import { NATS_CONNECTION, onNatsReconnect, settleInboundMessages, subscribeToBroadcast } from '@copytrade/nest';
import { LRUCache } from 'lru-cache';
import { GatewayConfig } from '../../config/gateway.config';
import { SingleFlight } from '../rpc/single-flight';

/** An HTTP answer's JSON body, serialised once when it is stored (the body of a response of type T). */
export type JsonBody<T> = string & { readonly __body?: T };

/** A cached answer (its JSON); `traceId` null: the list of traces (every change drops it). */
interface Answer {
  traceId: string | null;
  json: string;
  /** Express's ETag of `json`, worked out on the first fast hit (TracesReadsInterceptor). */
  etag?: string;
}
/** What the traces service answered about one user's access to one trace (TraceViewerView). */
interface Access {
  traceId: string;
  viewer: TraceViewerView;
}
/** A validated read: which answer it asks for, whoever asks. */
interface Read {
  kind: 'list' | 'trades' | 'trace';
  traceId: string | null;
  /** The parameters with the service's defaults filled in (same answer, same key). */
  params: string;
}
/** A cached body for one user: `answer` when the body is the stored answer itself (not made for the user). */
export interface CachedBody {
  json: string;
  answer?: Answer;
}
/** What a call to the traces service gave: the body to send, the JSON to keep, the viewer's access. */
interface Fetched {
  body: string;
  stored: string;
  viewer?: TraceViewerView;
}

/**
 * The hot traces reads, answered without a round trip to the traces service while nothing changed. Answers are
 * kept as the JSON they are sent as (serialising a page of 50 traces was the largest cost of a cached answer).
 *
 * - `GET /api/traces` is the same for every signed-in user (ListTracesUseCase reads no viewer): one entry per
 *   normalised query.
 * - A trace's page and its trades depend on the viewer only through the viewer's access (TraceViewerView:
 *   owner, subscribed, tier), which both replies carry. The answers are kept per (trace, access) without the
 *   viewer, and each user's access per (user, trace): a user whose access is known reads the answer of that
 *   access. Nothing of one user is answered to another; the viewer block always comes from the user's own entry.
 *   A trades read needs an access that grants it: anyone else asks the service (which answers 403).
 * - Each URL that passed validation is remembered with the read it asks for, so a repeated URL is answered by
 *   TracesReadsInterceptor (after the session guard) without validating it again.
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
  /** URL (path and query, as sent) → the validated read it asks for; the same for everyone, never stale. */
  private readonly reads: LRUCache<string, Read> | undefined;
  private readonly inFlight = new SingleFlight<string>();
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
    this.reads = new LRUCache({ max: config.TRACES_READ_CACHE_MAX_ENTRIES });
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

  /** GET /api/traces. `url`: the request's, remembered for the fast path. */
  list(
    query: ListTracesQueryDto,
    load: () => Promise<ListTracesRpcReply>,
    url?: string,
  ): Promise<JsonBody<TracesListResponse>> {
    return this.read(undefined, url, { kind: 'list', traceId: null, params: listKey(query) }, async () => {
      const json = JSON.stringify({ success: true, ...(await load()) } as TracesListResponse);
      return { body: json, stored: json };
    });
  }

  /** GET /api/traces/{id}/trades. The owner's `includeRealtimeData` read is never cached (live prices). */
  async trades(
    userId: string,
    traceId: string,
    query: ListTradesQueryDto,
    load: () => Promise<ListTradesRpcReply>,
    url?: string,
  ): Promise<JsonBody<TradesResponse>> {
    const fetch = async (): Promise<Fetched> => {
      const { trades, viewer } = await load();
      const json = JSON.stringify({ success: true, trades } as TradesResponse);
      return { body: json, stored: json, viewer };
    };
    if (query.includeRealtimeData) return (await fetch()).body;
    const params = `${query.limit ?? TRADES_PAGE_DEFAULT}\n${query.status ?? ''}`;
    return this.read(userId, url, { kind: 'trades', traceId, params }, fetch);
  }

  /** GET /api/traces/{id}. */
  trace(
    userId: string,
    traceId: string,
    load: () => Promise<GetTraceRpcReply>,
    url?: string,
  ): Promise<JsonBody<TraceResponse>> {
    return this.read(userId, url, { kind: 'trace', traceId, params: '' }, async () => {
      const { viewer, ...withoutViewer } = (await load()).trace;
      const stored = JSON.stringify(withoutViewer);
      return { body: withViewer(stored, viewer), stored, viewer };
    });
  }

  /**
   * The fast path: the body for this user of a URL that passed validation before, when it is cached (after
   * I/O already received is applied). Undefined otherwise: the request goes on to validation and the handler.
   */
  async cached(userId: string, url: string): Promise<CachedBody | undefined> {
    const read = this.reads?.get(url);
    return read && this.hit(userId, read);
  }

  /** This replica only: the writes answered through it (the traces service tells every replica as well). */
  dropTrace(traceId: string | undefined): void {
    this.drop(traceId);
  }

  private async read(
    userId: string | undefined,
    url: string | undefined,
    read: Read,
    fetch: () => Promise<Fetched>,
  ): Promise<string> {
    const { answers, access } = this;
    if (!answers || !access) return (await fetch()).body;
    if (url) this.reads!.set(url, read);
    const hit = await this.hit(userId, read);
    if (hit) return hit.json;
    // The list is shared by everyone; the others are the user's own (their access decides what they get).
    const flight = `${read.kind === 'list' ? '' : userId}\n${read.kind}\n${read.traceId}\n${read.params}`;
    return this.shared(flight, async (epoch) => {
      const fetched = await fetch();
      if (epoch !== this.epoch) return fetched.body; // a change overtook the read: it may hold the old state
      if (fetched.viewer) access.set(`${userId}\n${read.traceId}`, { traceId: read.traceId!, viewer: fetched.viewer });
      const key = answerKey(read, fetched.viewer);
      if (key !== undefined) answers.set(key, { traceId: read.traceId, json: fetched.stored });
      return fetched.body;
    });
  }

  /** The user's cached body for the read, looked up again after pending I/O ran. */
  private async hit(userId: string | undefined, read: Read): Promise<CachedBody | undefined> {
    if (!this.lookup(userId, read)) return undefined;
    await settleInboundMessages(); // a change already received is applied first
    const found = this.lookup(userId, read);
    if (!found) return undefined;
    if (read.kind !== 'trace') return { json: found.answer.json, answer: found.answer };
    return { json: withViewer(found.answer.json, found.viewer!) };
  }

  /** The answer for the user's access (their own entry), when both are cached. */
  private lookup(userId: string | undefined, read: Read): { answer: Answer; viewer?: TraceViewerView } | undefined {
    const viewer = read.kind === 'list' ? undefined : this.access?.get(`${userId}\n${read.traceId}`)?.viewer;
    if (read.kind !== 'list' && !viewer) return undefined;
    const key = answerKey(read, viewer);
    const answer = key === undefined ? undefined : this.answers?.get(key);
    return answer && { answer, viewer };
  }

  /** Concurrent misses of one key share the call, but only within an epoch (never a read a change overtook). */
  private shared(key: string, load: (epoch: number) => Promise<string>): Promise<string> {
    const epoch = this.epoch;
    return this.inFlight.run(key, epoch, () => load(epoch));
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

/**
 * The answer a read gets with this access: the list the same for all; trades only with an access that grants
 * them (undefined: never cached); the trace page per access. Answers are shared only between users whose access
 * is exactly the same.
 */
function answerKey(read: Read, viewer: TraceViewerView | undefined): string | undefined {
  if (read.kind === 'list') return `list\n${read.params}`;
  if (!viewer || (read.kind === 'trades' && !viewer.hasAccess)) return undefined;
  return `${read.kind}\n${read.traceId}\n${JSON.stringify(viewer)}\n${read.params}`;
}

/** The trace page's body: the trace's JSON (stored without a viewer) with the user's own viewer block last. */
function withViewer(traceJson: string, viewer: TraceViewerView): JsonBody<TraceResponse> {
  const fields = traceJson === '{}' ? '{' : `${traceJson.slice(0, -1)},`;
  return `{"success":true,"trace":${fields}"viewer":${JSON.stringify(viewer)}}}`;
}

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
