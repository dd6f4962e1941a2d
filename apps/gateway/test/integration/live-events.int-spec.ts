import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  EVENTS_STREAM,
  IdentityRpc,
  NotificationsCreatedSubject,
  SessionsInvalidatedSubject,
  TradeAudienceRpc,
  type ResolveSessionRpcReply,
  type RpcRequest,
  type SessionTokenRpcRequest,
  type TradeAudienceFilterRpcPayload,
  type TradeAudienceFilterRpcReply,
  type UserView,
} from '@copytrade/contracts';
import {
  connectNats,
  devActorVerificationGuard,
  ensureEventsStream,
  loadConfig,
  natsRpcServerOptions,
} from '@copytrade/nest';
import { expectEventually, startPrivateNats, type PrivateNats } from '@copytrade/testing';
import { register } from 'prom-client';
import { createHash } from 'node:crypto';
import { GatewayConfig } from '../../src/config/gateway.config';
import { createGatewayApp } from '../../src/create-gateway-app';
import { LiveEventsHub } from '../../src/modules/live-events/live-events.hub';

/**
 * GET /api/events through the gateway, on a private nats-server with JetStream: events published to the real
 * stream reach the signed-in users they concern (stand-ins answer for identity's sessions and for traces' trade
 * audience), with SSE ids, heartbeats, resume by Last-Event-ID, the per-user cap and cleanup.
 */
const HEARTBEAT_MS = 300;
const MAX_PER_USER = 2;
const REPLAY_MAX_EVENTS = 40;

const sessions = new Map<string, UserView>();
/** tradeId → who traces says may see it. */
const audiences = new Map<string, string[]>();
const audienceCalls: TradeAudienceFilterRpcPayload[] = [];

@Controller()
class StandIns {
  @MessagePattern(IdentityRpc.resolveSession)
  resolve(@Payload() call: RpcRequest<SessionTokenRpcRequest>): ResolveSessionRpcReply {
    return { user: sessions.get(call.payload.sessionToken) ?? null };
  }

  @MessagePattern(TradeAudienceRpc.filter)
  audience(@Payload() call: RpcRequest<TradeAudienceFilterRpcPayload>): TradeAudienceFilterRpcReply {
    audienceCalls.push(call.payload);
    const allowed = audiences.get(call.payload.tradeId) ?? [];
    return { userIds: call.payload.userIds.filter((id) => allowed.includes(id)) };
  }
}
@Module({ controllers: [StandIns] })
class StandInsModule {}

const user = (name: string): UserView & { token: string } => {
  const view = {
    id: randomUUID(),
    username: name,
    email: `${name}@example.test`,
    firstName: name,
    lastName: 'Test',
    isAdmin: false,
    createdAt: new Date().toISOString(),
    hasCompletedOnboarding: true,
    snaptradeUserId: null,
    snaptradeUserSecret: null,
    snaptradeAccountIds: [],
    brokerageConnected: false,
    autoSubscribedToTrader: false,
    copyTradingEnabled: false,
    defaultCopyAmount: null,
    maxCopyAmount: null,
  };
  const token = `session-${name}-${randomUUID()}`;
  sessions.set(token, view);
  return { ...view, token };
};

let nats: PrivateNats;
let nc: NatsConnection;
let serviceStandIns: INestMicroservice;
let app: NestExpressApplication;
let port: number;
let bootEvent: { seq: number; userId: string };
const owner = user('owner');
const subscriber = user('subscriber');
const stranger = user('stranger');
const savedEnv = { ...process.env };

/** Publishes an event as a producer's outbox relay would; returns its stream sequence. */
async function publish(subject: string, type: string, data: Record<string, unknown>): Promise<number> {
  const id = randomUUID();
  const envelope = {
    id,
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: subject.split('.')[1],
    correlationId: id,
    data,
  };
  const ack = await jetstream(nc).publish(subject, JSON.stringify(envelope), { msgID: id });
  return ack.seq;
}
const orderFilled = (userId: string) =>
  publish('events.brokerage.order.filled.v1', 'OrderFilled', {
    intentId: randomUUID(),
    userId,
    accountId: 'ACCOUNT-SECRET-NUMBER',
    provider: 'paper',
    brokerageOrderId: `ord-${randomUUID()}`,
    action: 'BUY',
    symbol: 'AAPL',
    underlying: 'AAPL',
    filledQuantity: '5',
    averagePrice: '100',
    filledAt: new Date().toISOString(),
  });
const tradeShared = (tradeId: string, traceId = randomUUID()) =>
  publish('events.traces.trade.shared.v1', 'TradeShared', {
    tradeId,
    traceId,
    ownerUserId: owner.id,
    symbol: 'MSFT',
    side: 'buy',
    quantity: '3',
    entryPrice: '400',
    optionsTicker: null,
    isOptions: false,
    requiredTier: 'premium',
    strategy: 'Momentum',
    confidence: 'High',
    notes: 'owner notes',
    sharedAt: new Date().toISOString(),
  });

interface SseEvent {
  id?: string;
  data?: { type: string; data: Record<string, unknown> };
}
interface SseClient {
  status: number;
  headers: IncomingMessage['headers'];
  events: SseEvent[];
  comments: string[];
  body: string;
  ended: boolean;
  close(): void;
}

/** A minimal EventSource: opens the stream with the user's cookie and parses what arrives. */
function connect(
  session: { token: string } | null,
  headers: Record<string, string> = {},
  query = '',
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: `/api/events${query}`,
        headers: {
          accept: 'text/event-stream',
          ...(session ? { cookie: `ct_session=${session.token}` } : {}),
          ...headers,
        },
      },
      (response) => {
        const client: SseClient = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          events: [],
          comments: [],
          body: '',
          ended: false,
          close: () => request.destroy(),
        };
        let pending = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          client.body += chunk;
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            const event: SseEvent = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) client.comments.push(line.slice(1).trim());
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('data: ')) event.data = JSON.parse(line.slice(6));
            }
            if (event.data) client.events.push(event);
          }
        });
        response.on('end', () => (client.ended = true));
        response.on('close', () => (client.ended = true));
        resolve(client);
      },
    );
    request.on('error', (error) =>
      (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error),
    );
    request.end();
  });
}
/** Connected and its replay done: the first bytes (retry + comment) arrived. */
async function connected(...args: Parameters<typeof connect>): Promise<SseClient> {
  const client = await connect(...args);
  if (client.status === 200) await expectEventually(() => expect(client.comments).toContain('connected'));
  return client;
}
const types = (client: SseClient) => client.events.map((event) => event.data!.type);
const open: SseClient[] = [];
const track = (client: SseClient) => (open.push(client), client);

beforeAll(async () => {
  nats = await startPrivateNats();
  nc = await connectNats(nats.url, 'live-events-test');
  await ensureEventsStream(nc);
  serviceStandIns = await NestFactory.createMicroservice(StandInsModule, {
    ...natsRpcServerOptions(nats.url, 'identity'),
    logger: false,
  });
  serviceStandIns.useGlobalGuards(devActorVerificationGuard());
  await serviceStandIns.listen();
  // Before the gateway starts: its catch-up at boot must still serve a resume from before it.
  bootEvent = { seq: await orderFilled(subscriber.id), userId: subscriber.id };
  Object.assign(process.env, {
    LIVE_EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS),
    LIVE_EVENTS_MAX_CONNECTIONS_PER_USER: String(MAX_PER_USER),
    LIVE_EVENTS_REPLAY_MAX_EVENTS: String(REPLAY_MAX_EVENTS),
    LIVE_EVENTS_SESSION_RECHECK_SECONDS: '1',
  });
  app = await createGatewayApp(
    loadConfig(GatewayConfig, {
      NATS_URL: nats.url,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      WEB_DIST_DIR: '/nonexistent',
    }),
  );
  await app.listen(0, '127.0.0.1');
  port = (app.getHttpServer().address() as AddressInfo).port;
}, 60_000);

afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

afterAll(async () => {
  await app?.close().catch(() => undefined);
  await serviceStandIns?.close();
  await nc?.drain();
  await nats?.stop();
  process.env = savedEnv;
});

it('signed out: 401 with the error body, no stream', async () => {
  const client = await connect(null);
  await expectEventually(() => expect(client.ended).toBe(true));
  expect(client.status).toBe(401);
  expect(JSON.parse(client.body)).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  const unknownSession = await connect({ token: 'no-such-session' });
  expect(unknownSession.status).toBe(401);
});

it('answers an event stream with the headers proxies and browsers need', async () => {
  const client = track(await connected(subscriber));
  expect(client.status).toBe(200);
  expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
  expect(client.headers['cache-control']).toMatch(/no-cache/);
  expect(client.headers['x-accel-buffering']).toBe('no');
  expect(client.headers['content-encoding']).toBeUndefined();
  expect(client.body).toMatch(/^retry: \d+\n/);
});

it('a heartbeat comment arrives on an idle stream', async () => {
  const client = track(await connected(stranger));
  await expectEventually(() => expect(client.comments.some((comment) => comment.startsWith('heartbeat'))).toBe(true), {
    timeoutMs: HEARTBEAT_MS * 5,
  });
  expect(client.events).toEqual([]);
});

it('an order fill reaches its user only — with the stream sequence as id and no account number', async () => {
  const mine = track(await connected(subscriber));
  const other = track(await connected(stranger));
  const seq = await orderFilled(subscriber.id);
  await expectEventually(() => expect(types(mine)).toEqual(['order.filled']));
  expect(mine.events[0]!.id).toBe(String(seq));
  expect(mine.events[0]!.data!.data).toMatchObject({ symbol: 'AAPL', action: 'BUY', filledQuantity: '5' });
  expect(JSON.stringify(mine.events[0])).not.toContain('ACCOUNT-SECRET-NUMBER');
  expect(mine.events[0]!.data!.data).not.toHaveProperty('userId');
  // A later event for the stranger shows the first was never theirs (events arrive in stream order).
  await orderFilled(stranger.id);
  await expectEventually(() => expect(types(other)).toEqual(['order.filled']));
  expect(mine.events).toHaveLength(1);
});

it('copy opened / closed reach the copy’s follower only (read by subject from the envelope’s userId)', async () => {
  const mine = track(await connected(subscriber));
  const other = track(await connected(stranger));
  const copy = { copyId: randomUUID(), originalTradeId: randomUUID(), traceId: randomUUID(), symbol: 'NVDA' };
  await publish('events.copy-engine.copy.opened.v1', 'CopyOpened', { ...copy, userId: subscriber.id, quantity: '2' });
  await publish('events.copy-engine.copy.closed.v1', 'CopyClosed', { ...copy, userId: subscriber.id, exitPrice: '9' });
  await expectEventually(() => expect(types(mine)).toEqual(['copy.opened', 'copy.closed']));
  expect(mine.events[0]!.data!.data).toMatchObject({ copyId: copy.copyId, originalTradeId: copy.originalTradeId });
  await orderFilled(stranger.id);
  await expectEventually(() => expect(types(other)).toEqual(['order.filled']));
});

it('a copy skipped by a guard reaches its follower only, with the reason', async () => {
  const mine = track(await connected(subscriber));
  const other = track(await connected(stranger));
  const copy = { copyId: randomUUID(), originalTradeId: randomUUID(), traceId: randomUUID(), symbol: 'NVDA' };
  const reason = "Price moved 3.1 % from the trader's (your limit 2 %)";
  await publish('events.copy-engine.copy.skipped.v1', 'CopySkipped', {
    ...copy,
    userId: subscriber.id,
    code: 'COPY_SKIPPED_PRICE_MOVED',
    reason,
  });
  await expectEventually(() => expect(types(mine)).toEqual(['copy.skipped']));
  expect(mine.events[0]!.data!.data).toMatchObject({ copyId: copy.copyId, code: 'COPY_SKIPPED_PRICE_MOVED', reason });
  expect(mine.events[0]!.data!.data).not.toHaveProperty('userId');
  await orderFilled(stranger.id);
  await expectEventually(() => expect(types(other)).toEqual(['order.filled']));
});

it('a failed copy reaches its follower only, with the reason', async () => {
  const mine = track(await connected(subscriber));
  const other = track(await connected(stranger));
  const copy = { copyId: randomUUID(), originalTradeId: randomUUID(), traceId: randomUUID(), symbol: 'NVDA' };
  const reason = 'Not enough buying power';
  await publish('events.copy-engine.copy.failed.v1', 'CopyFailed', {
    ...copy,
    userId: subscriber.id,
    placement: 'automatic',
    optionsTicker: null,
    code: 'INSUFFICIENT_FUNDS',
    reason,
    failedAt: new Date().toISOString(),
  });
  await expectEventually(() => expect(types(mine)).toEqual(['copy.failed']));
  expect(mine.events[0]!.data!.data).toMatchObject({ copyId: copy.copyId, code: 'INSUFFICIENT_FUNDS', reason });
  expect(mine.events[0]!.data!.data).not.toHaveProperty('userId');
  await orderFilled(stranger.id);
  await expectEventually(() => expect(types(other)).toEqual(['order.filled']));
});

it('new notifications reach the named users’ streams at once, without an id; a resume by id is unaffected', async () => {
  const mine = track(await connected(subscriber));
  const also = track(await connected(owner));
  const other = track(await connected(stranger));
  const seen = await orderFilled(subscriber.id);
  await expectEventually(() => expect(types(mine)).toEqual(['order.filled']));
  nc.publish(NotificationsCreatedSubject, JSON.stringify({ userIds: [subscriber.id, owner.id, subscriber.id] }));
  await expectEventually(() => expect(types(mine)).toEqual(['order.filled', 'notification.created']));
  await expectEventually(() => expect(types(also)).toEqual(['notification.created']));
  expect(mine.events[1]).toEqual({ data: { type: 'notification.created', data: {} } });
  expect(mine.body).not.toMatch(/id: \d+\ndata: \{"type":"notification\.created"/);
  // A malformed hint changes nothing; the stranger was never named.
  nc.publish(NotificationsCreatedSubject, JSON.stringify({ userIds: 'everyone' }));
  await orderFilled(stranger.id);
  await expectEventually(() => expect(types(other)).toEqual(['order.filled']));
  // The stream's last id is still the fill's: resuming from it replays what came after, nothing twice.
  mine.close();
  const missed = await orderFilled(subscriber.id);
  const resumed = track(await connected(subscriber, { 'last-event-id': String(seen) }));
  await expectEventually(() => expect(resumed.events.map((event) => event.id)).toEqual([String(missed)]));
});

it('a guard that fired and a pause reach that follower only, at once, with the number of copies being sold', async () => {
  const mine = track(await connected(subscriber));
  const other = track(await connected(stranger));
  const traceId = randomUUID();
  const copyIds = [randomUUID(), randomUUID()];
  await publish('events.copy-engine.copy-guard.triggered.v1', 'CopyGuardTriggered', {
    userId: subscriber.id,
    traceId,
    guard: 'stop_loss',
    lossPercent: '12.30',
    thresholdPercent: '10.00',
    copyIds,
    occurredAt: new Date().toISOString(),
  });
  await publish('events.copy-engine.auto-copy.paused.v1', 'AutoCopyPaused', {
    userId: subscriber.id,
    traceId,
    reason: 'stop_loss',
    occurredAt: new Date().toISOString(),
  });
  await expectEventually(() => expect(types(mine)).toEqual(['copy-guard.triggered', 'auto-copy.paused']));
  expect(mine.events[0]!.data!.data).toEqual(
    expect.objectContaining({ traceId, guard: 'stop_loss', lossPercent: '12.30', copies: 2 }),
  );
  expect(mine.events[0]!.data!.data).not.toHaveProperty('copyIds');
  expect(mine.events[1]!.data!.data).toMatchObject({ traceId, reason: 'stop_loss' });
  await orderFilled(stranger.id);
  await expectEventually(() => expect(types(other)).toEqual(['order.filled']));
});

it('a shared trade reaches the owner and the subscriber traces names, not a non-subscriber', async () => {
  const tradeId = randomUUID();
  audiences.set(tradeId, [owner.id, subscriber.id]);
  const ownerStream = track(await connected(owner));
  const subscriberStream = track(await connected(subscriber));
  const strangerStream = track(await connected(stranger));
  audienceCalls.length = 0;
  const traceId = randomUUID();
  await tradeShared(tradeId, traceId);
  for (const client of [ownerStream, subscriberStream])
    await expectEventually(() => expect(types(client)).toEqual(['trade.shared']));
  expect(subscriberStream.events[0]!.data!.data).toMatchObject({
    tradeId,
    traceId,
    symbol: 'MSFT',
    requiredTier: 'premium',
  });
  expect(subscriberStream.events[0]!.data!.data).not.toHaveProperty('notes');
  // traces was asked once, about every user connected here.
  expect(audienceCalls).toHaveLength(1);
  expect(audienceCalls[0]!.userIds.sort()).toEqual([owner.id, subscriber.id, stranger.id].sort());
  await orderFilled(stranger.id);
  await expectEventually(() => expect(types(strangerStream)).toEqual(['order.filled']));
});

it('a closed trade that was never shared reaches its owner only, without asking traces', async () => {
  const ownerStream = track(await connected(owner));
  const subscriberStream = track(await connected(subscriber));
  audienceCalls.length = 0;
  const tradeId = randomUUID();
  audiences.set(tradeId, [owner.id, subscriber.id]);
  await publish('events.traces.trade.closed.v1', 'TradeClosed', {
    tradeId,
    traceId: randomUUID(),
    ownerUserId: owner.id,
    symbol: 'MSFT',
    isShared: false,
    reason: 'sold',
  });
  await expectEventually(() => expect(types(ownerStream)).toEqual(['trade.closed']));
  await orderFilled(subscriber.id);
  await expectEventually(() => expect(types(subscriberStream)).toEqual(['order.filled']));
  expect(audienceCalls).toEqual([]);
});

it('resumes with Last-Event-ID: the missed events of the user, not what was already received, not others’', async () => {
  const first = track(await connected(subscriber));
  const seen = await orderFilled(subscriber.id);
  await expectEventually(() => expect(first.events.map((event) => event.id)).toEqual([String(seen)]));
  first.close();
  await expectEventually(() => expect(app.get(LiveEventsHub).connectionCount).toBe(open.length - 1));
  // Missed while disconnected: one fill of theirs, one of someone else, a trade they may see, one they may not.
  const missedFill = await orderFilled(subscriber.id);
  await orderFilled(stranger.id);
  const visibleTrade = randomUUID();
  audiences.set(visibleTrade, [owner.id, subscriber.id]);
  const missedTrade = await tradeShared(visibleTrade);
  await tradeShared(randomUUID());
  const resumed = track(await connected(subscriber, { 'last-event-id': String(seen) }));
  await expectEventually(() =>
    expect(resumed.events.map((event) => [event.id, event.data!.type])).toEqual([
      [String(missedFill), 'order.filled'],
      [String(missedTrade), 'trade.shared'],
    ]),
  );
  // The same by query (a new EventSource after a refusal cannot set the header).
  const byQuery = track(await connected(subscriber, {}, `?lastEventId=${seen}`));
  await expectEventually(() =>
    expect(byQuery.events.map((event) => event.id)).toEqual([String(missedFill), String(missedTrade)]),
  );
  // Live events keep coming after the replay, once each.
  const live = await orderFilled(subscriber.id);
  await expectEventually(() => expect(resumed.events.map((event) => event.id)).toContain(String(live)));
  expect(resumed.events.filter((event) => event.id === String(live))).toHaveLength(1);
});

it('a resume from before the gateway started is served by its catch-up of the window', async () => {
  const client = track(await connected(subscriber, { 'last-event-id': String(bootEvent.seq - 1) }));
  await expectEventually(() => expect(client.events[0]?.id).toBe(String(bootEvent.seq)));
  expect(client.events[0]!.data!.type).toBe('order.filled');
});

it('a resume from further back than the window holds is told to resync (and given an id to go on from)', async () => {
  // More events than the window keeps push the boot event out of it.
  for (let index = 0; index < REPLAY_MAX_EVENTS + 5; index += 1) await orderFilled(stranger.id);
  const info = await (
    await import('@nats-io/jetstream')
  )
    .jetstreamManager(nc)
    .then((jsm) => jsm.streams.info(EVENTS_STREAM));
  await expectEventually(async () => {
    const client = track(await connected(subscriber, { 'last-event-id': String(bootEvent.seq - 1) }));
    await expectEventually(() => expect(types(client)).toEqual(['resync']));
    expect(Number(client.events[0]!.id)).toBeGreaterThanOrEqual(info.state.last_seq);
  });
  // An id the stream never had (another stream's) is a resync too.
  const future = track(await connected(subscriber, { 'last-event-id': String(info.state.last_seq + 1_000) }));
  await expectEventually(() => expect(types(future)).toEqual(['resync']));
});

it('caps the open streams per user with a clear 429, and frees a place when one closes', async () => {
  const clients = [track(await connected(owner)), track(await connected(owner))];
  const refused = await connect(owner);
  await expectEventually(() => expect(refused.ended).toBe(true));
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.body)).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  expect(JSON.parse(refused.body).message).toMatch(/at most 2/);
  // Another user is not affected.
  expect(track(await connected(stranger)).status).toBe(200);
  clients[0]!.close();
  await expectEventually(async () => {
    const again = await connect(owner);
    track(again);
    expect(again.status).toBe(200);
  });
});

it('cleans up on disconnect: nothing is left open on the gateway', async () => {
  const hub = app.get(LiveEventsHub);
  for (const client of open.splice(0)) client.close();
  const clients = [await connected(owner), await connected(subscriber), await connected(stranger)];
  expect(hub.connectionCount).toBe(3);
  // What /metrics reports for the replica, read at scrape.
  expect(await scrapedStreamsOpen()).toBe(3);
  for (const client of clients) client.close();
  await expectEventually(() => expect(hub.connectionCount).toBe(0));
  expect(await scrapedStreamsOpen()).toBe(0);
});

async function scrapedStreamsOpen(): Promise<number> {
  const line = (await register.metrics())
    .split('\n')
    .find((candidate) => candidate.startsWith('copytrade_live_streams_open'));
  return Number(line?.split(' ').pop());
}

it('a revoked session ends its stream at once; the user’s other session stays', async () => {
  const secondToken = `session-subscriber-2-${randomUUID()}`;
  sessions.set(secondToken, sessions.get(subscriber.token)!);
  const revoked = track(await connected({ token: secondToken }));
  const kept = track(await connected(subscriber));
  sessions.delete(secondToken);
  nc.publish(
    SessionsInvalidatedSubject,
    JSON.stringify({ tokenHash: createHash('sha256').update(secondToken).digest('hex') }),
  );
  await expectEventually(() => expect(revoked.ended).toBe(true));
  await orderFilled(subscriber.id);
  await expectEventually(() => expect(types(kept)).toEqual(['order.filled']));
  expect(kept.ended).toBe(false);
});

it('an expired session is noticed by the periodic check and its stream ends', async () => {
  const token = `session-expiring-${randomUUID()}`;
  sessions.set(token, sessions.get(stranger.token)!);
  const client = track(await connected({ token }));
  sessions.delete(token);
  // The gateway's session cache may still hold it: a user change makes it ask identity again.
  nc.publish(SessionsInvalidatedSubject, JSON.stringify({ userId: stranger.id }));
  await expectEventually(() => expect(client.ended).toBe(true), { timeoutMs: 5_000 });
});

it('shutting the gateway down ends the open streams instead of waiting for them', async () => {
  const client = await connected(subscriber);
  const started = Date.now();
  await app.close();
  expect(client.ended).toBe(true);
  expect(Date.now() - started).toBeLessThan(5_000);
});
