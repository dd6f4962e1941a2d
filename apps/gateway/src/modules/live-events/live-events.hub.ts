import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  EVENTS_STREAM,
  EVENTS_SUBJECTS,
  NotificationsCreatedSubject,
  SessionsInvalidatedSubject,
  TRADE_AUDIENCE_MAX_USER_IDS,
  TradeAudienceRpc,
  type NotificationsCreated,
  type SessionsInvalidated,
  type TradeAudienceFilterRpcPayload,
  type TradeAudienceFilterRpcReply,
} from '@copytrade/contracts';
import {
  DomainException,
  liveStreamsOpenGauge,
  NATS_CONNECTION,
  RpcClient,
  subscribeToBroadcast,
} from '@copytrade/nest';
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import type { GatewayRequest } from '../auth/authenticated-request';
import { SessionResolver } from '../auth/session-resolver.service';
import { LiveConnection } from './live-connection';
import { toLiveEvent, type LiveAudience, type LiveEvent } from './live-event';
import { LiveEventsConfig } from './live-events.config';
import { ReplayBuffer } from './replay-buffer';

/** How long routing waits for traces to name a trade's audience before falling back to the owner alone. */
const AUDIENCE_TIMEOUT_MS = 3_000;
/** The browser's reconnection delay after a dropped stream (the web app adds its own backoff after refusals). */
const CLIENT_RETRY_MS = 2_000;

export const LIVE_EVENTS_CONFIG = Symbol('LIVE_EVENTS_CONFIG');

/**
 * The live push of this gateway replica. It follows the events stream itself with an ordered (ephemeral) consumer
 * — every replica sees every event; nothing is acked or shared — and routes each followed event, in stream order,
 * to the streams open here that it concerns: a user's own order fill and copies by the event's `userId`; a trade
 * shared or closed to whoever traces says may see it, among the users connected here (one RPC per event).
 * Recent events are kept (ReplayBuffer) so a client that reconnects with `Last-Event-ID` — to this replica or
 * another — gets what it missed; a resume from further back is told to refetch (`resync`).
 */
@Injectable()
export class LiveEventsHub implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveEventsHub.name);
  private readonly connections = new Map<string, Set<LiveConnection>>();
  private nextConnectionId = 1;
  private buffer!: ReplayBuffer;
  /** The highest stream sequence this replica has read (followed or not). */
  private highestSeq = 0;
  /** Routing runs in stream order: each event's audience is asked at once, its delivery waits for the previous. */
  private routing: Promise<void> = Promise.resolve();
  private messages?: ConsumerMessages;
  private following?: Promise<void>;
  private stopped = false;
  private heartbeat?: NodeJS.Timeout;
  private unsubscribeInvalidations?: () => void;
  private unsubscribeNotifications?: () => void;
  private readonly listeners = new Set<(event: LiveEvent) => void>();

  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    private readonly rpc: RpcClient,
    private readonly sessions: SessionResolver,
    @Inject(LIVE_EVENTS_CONFIG) private readonly config: LiveEventsConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    liveStreamsOpenGauge(() => this.connectionCount);
    const windowMs = this.config.LIVE_EVENTS_REPLAY_WINDOW_SECONDS * 1000;
    const stream = await (await jetstreamManager(this.nats)).streams.info(EVENTS_STREAM);
    const bootSeq = stream.state.last_seq;
    this.highestSeq = bootSeq;
    // Until the catch-up below has read the window, only what comes after the boot is vouched for.
    this.buffer = new ReplayBuffer(windowMs, this.config.LIVE_EVENTS_REPLAY_MAX_EVENTS, bootSeq);
    const consumer = await jetstream(this.nats).consumers.get(EVENTS_STREAM, {
      filter_subjects: EVENTS_SUBJECTS, // one subject: nats-server 2.9 has no multi-filter consumers
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: new Date(Date.now() - windowMs).toISOString(),
    });
    this.messages = await consumer.consume();
    this.following = this.follow(this.messages, bootSeq);
    this.heartbeat = setInterval(() => this.beat(), this.config.LIVE_EVENTS_HEARTBEAT_MS);
    this.heartbeat.unref();
    this.unsubscribeInvalidations = subscribeToBroadcast<SessionsInvalidated>(
      this.nats,
      SessionsInvalidatedSubject,
      (message) => this.sessionsInvalidated(message),
    );
    this.unsubscribeNotifications = subscribeToBroadcast<NotificationsCreated>(
      this.nats,
      NotificationsCreatedSubject,
      (message) => this.notificationsCreated(message),
    );
  }

  /**
   * First of the shutdown hooks: open streams end here, before the HTTP server closes (it would otherwise wait for
   * them); the clients reconnect to another replica and resume from their last id.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    this.unsubscribeInvalidations?.();
    this.unsubscribeNotifications?.();
    for (const connection of this.allConnections()) connection.close();
    await this.messages?.close().catch(() => undefined);
    await this.following;
  }

  /** Calls `listener` with every followed event as it is read (the live reads' cache drops what it changed). */
  onEvent(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Streams open on this replica (the bench and /metrics-style checks). */
  get connectionCount(): number {
    let count = 0;
    for (const set of this.connections.values()) count += set.size;
    return count;
  }

  /**
   * Opens a stream for the request's user: 429 past the per-user cap. `lastEventId` (the browser's
   * Last-Event-ID) resumes after that stream sequence.
   */
  async open(request: GatewayRequest, response: Response, sessionToken: string, tokenHash: string): Promise<void> {
    const user = request.user!;
    const open = this.connections.get(user.id);
    if ((open?.size ?? 0) >= this.config.LIVE_EVENTS_MAX_CONNECTIONS_PER_USER) {
      throw DomainException.tooManyRequests(
        `Too many live connections: at most ${this.config.LIVE_EVENTS_MAX_CONNECTIONS_PER_USER} per user. Close another tab and try again.`,
        5,
      );
    }
    const resumeFrom = parseLastEventId(request);
    const connection = new LiveConnection(
      this.nextConnectionId++,
      user.id,
      tokenHash,
      sessionToken,
      response,
      resumeFrom ?? this.highestSeq,
    );

    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-store, no-transform');
    response.setHeader('Connection', 'keep-alive');
    // Proxies (nginx) must pass each event on at once instead of buffering the response.
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    request.socket.setNoDelay(true);
    request.socket.setKeepAlive(true);
    request.socket.setTimeout(0);

    // Registered before the replay is read: an event arriving meanwhile is routed to it (and waits), never lost.
    const set = open ?? new Set<LiveConnection>();
    set.add(connection);
    this.connections.set(user.id, set);
    connection.onClose(() => {
      set.delete(connection);
      if (set.size === 0 && this.connections.get(user.id) === set) this.connections.delete(user.id);
    });
    response.on('close', () => connection.close());
    const recheck = setInterval(
      () => void this.recheckSession(connection),
      this.config.LIVE_EVENTS_SESSION_RECHECK_SECONDS * 1000,
    );
    recheck.unref();
    connection.onClose(() => clearInterval(recheck));
    connection.open(CLIENT_RETRY_MS);

    try {
      if (resumeFrom !== null) await this.replay(connection, resumeFrom);
    } catch (error) {
      this.logger.warn(`Replay for a live connection failed: ${String(error)}`);
      connection.resync(this.highestSeq, 'replay-failed');
    }
    connection.endReplay();
  }

  private async replay(connection: LiveConnection, resumeFrom: number): Promise<void> {
    if (resumeFrom > this.highestSeq) {
      // A client ahead of this replica (it came from one further along) is fine; one ahead of the stream itself
      // resumes from ids of another stream (a reset): it must refetch.
      const stream = await (await jetstreamManager(this.nats)).streams.info(EVENTS_STREAM);
      if (resumeFrom > stream.state.last_seq) connection.resync(this.highestSeq, 'unknown-id');
      return;
    }
    const missed = this.buffer.after(resumeFrom);
    if (missed === null) {
      connection.resync(this.highestSeq, 'too-old');
      return;
    }
    const tradeAudiences = new Map<string, Promise<Set<string>>>();
    for (const event of missed)
      if (event.audience.kind === 'trade' && !tradeAudiences.has(event.audience.tradeId))
        tradeAudiences.set(event.audience.tradeId, this.audienceOf(event.audience, [connection.userId]));
    for (const event of missed) {
      if (connection.isClosed) return;
      const audience =
        event.audience.kind === 'trade'
          ? await tradeAudiences.get(event.audience.tradeId)!
          : new Set(event.audience.userIds);
      if (audience.has(connection.userId)) connection.replay(event.seq, event.message);
    }
  }

  private async follow(messages: ConsumerMessages, bootSeq: number): Promise<void> {
    let catchingUp = bootSeq > 0;
    let firstSeq: number | null = null;
    try {
      for await (const message of messages) {
        const seq = message.seq;
        firstSeq ??= seq;
        this.highestSeq = Math.max(this.highestSeq, seq);
        const event = this.parse(message.subject, message.string(), seq, message.info.timestampNanos / 1e6);
        if (event) {
          this.buffer.add(event);
          for (const listener of this.listeners) listener(event);
          this.route(event);
        }
        if (catchingUp && (seq >= bootSeq || message.info.pending === 0)) {
          catchingUp = false;
          // Every followed event from the first one read is held now: resumes from within the window are served.
          this.buffer.extendCoverageDownTo(firstSeq - 1);
        }
      }
    } catch (error) {
      if (!this.stopped) this.logger.error(`Following the events stream stopped: ${String(error)}`);
    }
  }

  private parse(subject: string, payload: string, seq: number, storedAt: number): LiveEvent | null {
    if (!subject.startsWith('events.')) return null;
    try {
      const envelope: unknown = JSON.parse(payload);
      if (typeof envelope !== 'object' || envelope === null) return null;
      return toLiveEvent(subject, envelope as { data: unknown }, seq, storedAt);
    } catch {
      return null;
    }
  }

  /** Asks the audience at once; delivers after every earlier event was delivered (stream order per client). */
  private route(event: LiveEvent): void {
    const targets = this.targetsOf(event.audience);
    this.routing = this.routing.then(async () => {
      const userIds = await targets;
      for (const userId of userIds)
        for (const connection of this.connections.get(userId) ?? []) connection.deliver(event.seq, event.message);
    });
  }

  private async targetsOf(audience: LiveAudience): Promise<Iterable<string>> {
    if (audience.kind === 'users') return audience.userIds.filter((userId) => this.connections.has(userId));
    if (this.connections.size === 0) return [];
    return this.audienceOf(audience, [...this.connections.keys()]);
  }

  /** Of `candidates`, who may see the trade (traces decides); its owner alone when traces cannot answer. */
  private async audienceOf(
    audience: Extract<LiveAudience, { kind: 'trade' }>,
    candidates: string[],
  ): Promise<Set<string>> {
    const owner = audience.ownerUserId;
    if (!audience.isShared) return new Set(owner && candidates.includes(owner) ? [owner] : []);
    try {
      const batches: Array<Promise<TradeAudienceFilterRpcReply>> = [];
      for (let start = 0; start < candidates.length; start += TRADE_AUDIENCE_MAX_USER_IDS)
        batches.push(
          this.rpc.request<TradeAudienceFilterRpcPayload, TradeAudienceFilterRpcReply>(
            TradeAudienceRpc.filter,
            { tradeId: audience.tradeId, userIds: candidates.slice(start, start + TRADE_AUDIENCE_MAX_USER_IDS) },
            { requestId: `live-events-${randomUUID()}` },
            AUDIENCE_TIMEOUT_MS,
          ),
        );
      return new Set((await Promise.all(batches)).flatMap((reply) => reply.userIds));
    } catch (error) {
      // Subscribers then see the trade at their next poll (the web app's 30 s fallback).
      this.logger.warn(`Audience of trade ${audience.tradeId} unavailable (${String(error)}): its owner only`);
      return new Set(owner && candidates.includes(owner) ? [owner] : []);
    }
  }

  private beat(): void {
    for (const connection of this.allConnections()) connection.heartbeat();
  }

  /** A revoked session ends its streams at once; a changed user has its sessions checked again. */
  private sessionsInvalidated({ tokenHash, userId }: SessionsInvalidated): void {
    for (const connection of this.allConnections()) {
      if (tokenHash && connection.tokenHash === tokenHash) connection.close();
      // After the session cache dropped the user (its own subscriber runs in this same turn).
      else if (userId && connection.userId === userId) setImmediate(() => void this.recheckSession(connection));
    }
  }

  /**
   * Identity's hint that these users have new notifications: their open streams here are told at once (the bell
   * refetches). Not a stream event — no id, not replayed; the web app reads again on every (re)connect instead.
   */
  private notificationsCreated({ userIds }: NotificationsCreated): void {
    if (!Array.isArray(userIds)) return;
    for (const userId of new Set(userIds))
      for (const connection of this.connections.get(userId) ?? [])
        connection.notify({ type: 'notification.created', data: {} });
  }

  private async recheckSession(connection: LiveConnection): Promise<void> {
    if (connection.isClosed) return;
    try {
      const user = await this.sessions.resolve(connection.sessionToken, {
        id: `live-events-${randomUUID()}`,
      } as GatewayRequest);
      if (user?.id !== connection.userId) connection.close();
    } catch {
      // Identity unreachable: the stream stays; the next check decides.
    }
  }

  private *allConnections(): Iterable<LiveConnection> {
    for (const set of [...this.connections.values()]) yield* [...set];
  }
}

/** The browser's `Last-Event-ID` header, or `?lastEventId=` (a fresh EventSource after a refusal cannot set it). */
function parseLastEventId(request: GatewayRequest): number | null {
  const header = request.headers['last-event-id'];
  const query = request.query?.lastEventId;
  const raw = typeof header === 'string' && header !== '' ? header : typeof query === 'string' ? query : '';
  if (!/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}
