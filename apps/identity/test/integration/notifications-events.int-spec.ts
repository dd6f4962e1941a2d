import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  AutoCopyPaused,
  CopyCloseAbandoned,
  CopyClosed,
  CopyFailed,
  CopyGuardTriggered,
  CopyOpened,
  CopySkipped,
  EVENTS_STREAM,
  NotificationsCreatedSubject,
  OpsAlertSubject,
  OrderUpdated,
  SubscriptionStarted,
  TraceFollowerResultsComputed,
  TradeClosed,
  TradeShared,
  copyAggregateId,
  copyGuardsAggregateId,
  subscriptionAggregateId,
  tradeAggregateId,
  type AutoCopyPausedV1,
  type CopyCloseAbandonedV1,
  type CopyClosedV1,
  type CopyFailedV1,
  type CopyGuardTriggeredV1,
  type CopyOpenedV1,
  type CopySkippedV1,
  type NotificationsCreated,
  type OpsAlert,
  type OrderUpdatedV1,
  type SubscriptionStartedV1,
  type TraceFollowerResultsComputedV1,
  type TradeClosedV1,
  type TradeSharedV1,
} from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { COPY_NOTIFICATIONS_DURABLE } from '../../src/modules/notifications/handlers/copy-notifications.handler';
import { ORDER_NOTIFICATIONS_DURABLE } from '../../src/modules/notifications/handlers/order-notifications.handler';
import { SUBSCRIPTION_NOTIFICATIONS_DURABLE } from '../../src/modules/notifications/handlers/subscription-notifications.handler';
import { TRADE_NOTIFICATIONS_DURABLE } from '../../src/modules/notifications/handlers/trade-notifications.handler';
import { useIdentityService } from '../support/identity-under-test';
import {
  consumed,
  envelope,
  newUser,
  notificationsOf,
  publish,
  startTracesStandIn,
  tracesWorld,
} from '../support/notifications-world';

/**
 * Identity's notifications from real events: published on JetStream, applied by the durable consumers of the running
 * service on real PostgreSQL, with traces' trade audience answered by a stand-in on the same NATS. Each event × each
 * preference that gates it → a notification or none; a redelivery notifies no one twice.
 */
jest.setTimeout(60_000);

const identity = useIdentityService('identity_notifications_events');
let nc: NatsConnection;
let traces: INestMicroservice;
const announced: string[][] = [];

beforeAll(async () => {
  nc = await connect({ servers: identity.natsUrl, name: 'notifications-events-test' });
  traces = await startTracesStandIn(identity.natsUrl);
  nc.subscribe(NotificationsCreatedSubject, {
    callback: (_error, message) => announced.push(message.json<NotificationsCreated>().userIds),
  });
  identity.closeFirst(async () => {
    await traces.close();
    await nc.drain();
  });
});

const db = () => identity.db;
const wasAnnounced = (userId: string) => announced.some((userIds) => userIds.includes(userId));
const offSwitches = (userId: string, switches: Record<string, boolean>) =>
  db().query(
    `INSERT INTO identity.notification_preferences (user_id, notify_on_trade_shared, notify_on_trade_sold, notify_on_copied_trade_sold)
     VALUES ($1, $2, $3, $4)`,
    [
      userId,
      switches.notifyOnTradeShared ?? true,
      switches.notifyOnTradeSold ?? true,
      switches.notifyOnCopiedTradeSold ?? true,
    ],
  );

const tradeFields = (tradeId: string, traceId: string, ownerUserId: string) => ({
  tradeId,
  traceId,
  ownerUserId,
  symbol: 'AAPL',
  side: 'buy' as const,
  quantity: '10',
  entryPrice: '187.2',
  optionsTicker: null,
  optionType: null,
  strikePrice: null,
  expirationDate: null,
  contractMultiplier: 1,
});

function tradeShared(tradeId: string, traceId: string, ownerUserId: string, occurredAt = new Date()) {
  return envelope<TradeSharedV1>(
    TradeShared.type,
    'traces',
    tradeAggregateId(tradeId),
    1,
    {
      ...tradeFields(tradeId, traceId, ownerUserId),
      isOptions: false,
      requiredTier: 'basic',
      strategy: 'momentum',
      confidence: 'high',
      notes: null,
      sharedAt: occurredAt.toISOString(),
    },
    occurredAt,
  );
}

function tradeClosed(tradeId: string, traceId: string, ownerUserId: string) {
  return envelope<TradeClosedV1>(TradeClosed.type, 'traces', tradeAggregateId(tradeId), 2, {
    ...tradeFields(tradeId, traceId, ownerUserId),
    exitPrice: '190',
    realizedPnl: '28',
    reason: 'sold',
    isShared: true,
    brokerageOrderId: null,
    closedAt: new Date().toISOString(),
  });
}

const copyFields = (userId: string, tradeId: string, traceId: string) => ({
  copyId: randomUUID(),
  userId,
  originalTradeId: tradeId,
  traceId,
  placement: 'automatic' as const,
  symbol: 'AAPL',
  side: 'buy' as const,
  isOptions: false,
  optionsTicker: null,
  optionType: null,
  strikePrice: null,
  expirationDate: null,
  contractMultiplier: 1,
  quantity: '10',
  entryPrice: '187.2',
  brokerageAccountId: 'acct-1',
});

function copyOpened(userId: string, tradeId: string, traceId: string) {
  const fields = copyFields(userId, tradeId, traceId);
  return envelope<CopyOpenedV1>(CopyOpened.type, 'copy-engine', copyAggregateId(fields.copyId), 1, {
    ...fields,
    requestId: randomUUID(),
    brokerageOrderId: null,
    requestedQuantity: '10',
    copyAmount: '1872',
    traderPrice: '187.2',
    traderSharedAt: null,
    openedAt: new Date().toISOString(),
  });
}

/** A shared trade whose audience (in traces) is `followers`, with its TradeShared consumed. */
async function sharedTrade(ownerUserId: string, followers: string[]) {
  const tradeId = randomUUID();
  const traceId = randomUUID();
  tracesWorld.trades.set(tradeId, { trace: { id: traceId, name: 'Alpha Desk', ownerUserId }, userIds: followers });
  const event = tradeShared(tradeId, traceId, ownerUserId);
  await publish(nc, TradeShared.subject, event);
  await expectEventually(async () => expect(await consumed(db(), TRADE_NOTIFICATIONS_DURABLE, event.id)).toBe(true));
  return { tradeId, traceId, event };
}

async function consume(subject: string, durable: string, event: ReturnType<typeof envelope>) {
  await publish(nc, subject, event);
  await expectEventually(async () => expect(await consumed(db(), durable, event.id)).toBe(true));
}

describe('a shared trade and its sell', () => {
  it('TradeShared tells every follower who may see it (all pages) whose notifyOnTradeShared is on — not the owner; a redelivery tells no one twice', async () => {
    const owner = await newUser(db());
    const [on, alsoOn, off] = [await newUser(db()), await newUser(db()), await newUser(db())];
    await offSwitches(off, { notifyOnTradeShared: false });
    const callsBefore = tracesWorld.calls;
    // The owner listed by traces (it never lists them) is still left out; three followers span two pages of two.
    const { tradeId, traceId, event } = await sharedTrade(owner, [on, alsoOn, off, owner]);
    expect(tracesWorld.calls - callsBefore).toBeGreaterThanOrEqual(2);

    const expected = {
      kind: 'trade_shared',
      title: 'New trade: AAPL',
      body: 'Alpha Desk shared a buy of AAPL at $187.20.',
      link: `/trace/${traceId}`,
      dedupeKey: `trade-shared:${tradeId}`,
      emailTopic: 'trade_shared',
      emailedAt: null,
      readAt: null,
    };
    expect(await notificationsOf(db(), on)).toEqual([expect.objectContaining(expected)]);
    expect(await notificationsOf(db(), alsoOn)).toEqual([expect.objectContaining(expected)]);
    expect(await notificationsOf(db(), off)).toEqual([]);
    expect(await notificationsOf(db(), owner)).toEqual([]);
    await expectEventually(() => expect(wasAnnounced(on) && wasAnnounced(alsoOn)).toBe(true));
    expect(wasAnnounced(off)).toBe(false);

    await publish(nc, TradeShared.subject, event, true); // redelivered
    const marker = tradeShared(randomUUID(), traceId, owner); // consumed after the redelivery (one consumer, in order)
    await consume(TradeShared.subject, TRADE_NOTIFICATIONS_DURABLE, marker);
    expect(await notificationsOf(db(), on)).toHaveLength(1);
  });

  it('TradeClosed of a shared trade tells the same audience whose notifyOnTradeSold is on', async () => {
    const owner = await newUser(db());
    const [on, off] = [await newUser(db()), await newUser(db())];
    await offSwitches(off, { notifyOnTradeSold: false });
    const { tradeId, traceId } = await sharedTrade(owner, [on, off]);
    await consume(TradeClosed.subject, TRADE_NOTIFICATIONS_DURABLE, tradeClosed(tradeId, traceId, owner));

    expect((await notificationsOf(db(), on)).map((n) => n.kind)).toEqual(['trade_shared', 'trade_sold']);
    expect((await notificationsOf(db(), on))[1]).toMatchObject({
      title: 'Trade closed: AAPL',
      body: 'Alpha Desk sold AAPL at $190.00.',
      link: `/trace/${traceId}`,
      emailTopic: 'trade_sold',
    });
    expect((await notificationsOf(db(), off)).map((n) => n.kind)).toEqual(['trade_shared']);
  });

  it('a share older than NOTIFICATIONS_MAX_EVENT_AGE_HOURS (a replay of the stream) tells no one', async () => {
    const owner = await newUser(db());
    const follower = await newUser(db());
    const tradeId = randomUUID();
    const traceId = randomUUID();
    tracesWorld.trades.set(tradeId, { trace: { id: traceId, name: 'Old', ownerUserId: owner }, userIds: [follower] });
    const old = tradeShared(tradeId, traceId, owner, new Date(Date.now() - 25 * 3_600_000));
    await consume(TradeShared.subject, TRADE_NOTIFICATIONS_DURABLE, old);
    expect(await notificationsOf(db(), follower)).toEqual([]);
  });
});

describe('copies', () => {
  let owner: string;
  let tradeId: string;
  let traceId: string;
  beforeAll(async () => {
    owner = await newUser(db());
    ({ tradeId, traceId } = await sharedTrade(owner, []));
  });

  it('CopyOpened tells the follower, and the owner gets ONE trade_copied per trade, counted, raised to the top and unread again', async () => {
    const [first, second] = [await newUser(db()), await newUser(db())];
    await consume(CopyOpened.subject, COPY_NOTIFICATIONS_DURABLE, copyOpened(first, tradeId, traceId));
    expect(await notificationsOf(db(), first)).toEqual([
      expect.objectContaining({
        kind: 'copy_opened',
        title: 'Copy opened',
        body: 'Your copy of AAPL opened: 10 shares at $187.20',
        link: '/my-copies',
        emailTopic: 'copy_activity',
      }),
    ]);
    const [copied] = await notificationsOf(db(), owner);
    expect(copied).toMatchObject({
      kind: 'trade_copied',
      body: '1 follower copied AAPL',
      link: `/trace/${traceId}/dashboard`,
      dedupeKey: `trade-copied:${tradeId}`,
      emailTopic: 'trade_copies',
      readAt: null,
    });
    await expectEventually(() => expect(wasAnnounced(owner)).toBe(true));
    await db().query(`UPDATE identity.notifications SET read_at = now(), emailed_at = now() WHERE user_id = $1`, [
      owner,
    ]);

    const opened = copyOpened(second, tradeId, traceId);
    await consume(CopyOpened.subject, COPY_NOTIFICATIONS_DURABLE, opened);
    await publish(nc, CopyOpened.subject, opened, true); // a redelivery counts no one twice
    await consume(CopyOpened.subject, COPY_NOTIFICATIONS_DURABLE, copyOpened(second, randomUUID(), traceId));
    const rows = await notificationsOf(db(), owner);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ body: '2 followers copied AAPL', readAt: null, emailedAt: null });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThan(copied!.createdAt.getTime());
  });

  it('an owner whose pushNotifications is off still gets trade_copied, but it is not announced live', async () => {
    const quietOwner = await newUser(db());
    await db().query(
      `INSERT INTO identity.owner_notification_preferences (user_id, push_notifications) VALUES ($1, false)`,
      [quietOwner],
    );
    const shared = await sharedTrade(quietOwner, []);
    const follower = await newUser(db());
    await consume(CopyOpened.subject, COPY_NOTIFICATIONS_DURABLE, copyOpened(follower, shared.tradeId, shared.traceId));
    expect((await notificationsOf(db(), quietOwner)).map((n) => n.kind)).toEqual(['trade_copied']);
    await expectEventually(() => expect(wasAnnounced(follower)).toBe(true));
    expect(wasAnnounced(quietOwner)).toBe(false);
  });

  it('CopyFailed and CopySkipped tell the follower why, in their words', async () => {
    const follower = await newUser(db());
    const failed = copyFields(follower, tradeId, traceId);
    await consume(
      CopyFailed.subject,
      COPY_NOTIFICATIONS_DURABLE,
      envelope<CopyFailedV1>(CopyFailed.type, 'copy-engine', copyAggregateId(failed.copyId), 1, {
        copyId: failed.copyId,
        userId: follower,
        originalTradeId: tradeId,
        traceId,
        placement: 'automatic',
        symbol: 'AAPL',
        optionsTicker: null,
        code: 'INSUFFICIENT_BUYING_POWER',
        reason: 'Not enough buying power',
        failedAt: new Date().toISOString(),
      }),
    );
    const skipped = randomUUID();
    await consume(
      CopySkipped.subject,
      COPY_NOTIFICATIONS_DURABLE,
      envelope<CopySkippedV1>(CopySkipped.type, 'copy-engine', copyAggregateId(skipped), 1, {
        copyId: skipped,
        userId: follower,
        originalTradeId: tradeId,
        traceId,
        placement: 'automatic',
        symbol: 'AAPL',
        optionsTicker: null,
        code: 'COPY_SKIPPED_PRICE_MOVED',
        reason: 'The price moved more than your protection allows',
        skippedAt: new Date().toISOString(),
      }),
    );
    expect(await notificationsOf(db(), follower)).toEqual([
      expect.objectContaining({
        kind: 'copy_failed',
        title: 'Copy not placed',
        body: 'Your copy of AAPL was not placed: Not enough buying power',
        dedupeKey: `copy-failed:${failed.copyId}`,
        link: '/my-copies',
      }),
      expect.objectContaining({
        kind: 'copy_skipped',
        body: 'Your copy of AAPL was skipped: The price moved more than your protection allows',
        dedupeKey: `copy-skipped:${skipped}`,
      }),
    ]);
  });

  it.each([
    ['on', true],
    ['off', false],
  ])('CopyClosed with notifyOnCopiedTradeSold %s → copy_closed: %s', async (_state, on) => {
    const follower = await newUser(db());
    if (!on) await offSwitches(follower, { notifyOnCopiedTradeSold: false });
    const fields = copyFields(follower, tradeId, traceId);
    const closed = envelope<CopyClosedV1>(CopyClosed.type, 'copy-engine', copyAggregateId(fields.copyId), 1, {
      ...fields,
      exitPrice: '190',
      realizedPnl: '28',
      sellOrderId: null,
      closedAt: new Date().toISOString(),
    });
    await consume(CopyClosed.subject, COPY_NOTIFICATIONS_DURABLE, closed);
    expect(await notificationsOf(db(), follower)).toEqual(
      on
        ? [
            expect.objectContaining({
              kind: 'copy_closed',
              body: 'Your copy of AAPL closed: 10 shares sold at $190.00, a gain of $28.00',
              emailTopic: 'copied_trade_sold',
            }),
          ]
        : [],
    );
  });

  it('CopyCloseAbandoned, CopyGuardTriggered and a guard’s AutoCopyPaused tell the follower; their own pause does not', async () => {
    const follower = await newUser(db());
    const copyId = randomUUID();
    await consume(
      CopyCloseAbandoned.subject,
      COPY_NOTIFICATIONS_DURABLE,
      envelope<CopyCloseAbandonedV1>(CopyCloseAbandoned.type, 'copy-engine', copyAggregateId(copyId), 1, {
        copyId,
        userId: follower,
        reason: 'trader_sell',
        attempts: 3,
        refusal: 'Market closed',
        occurredAt: new Date().toISOString(),
      }),
    );
    const guards = copyGuardsAggregateId(follower);
    const at = new Date().toISOString();
    await consume(
      CopyGuardTriggered.subject,
      COPY_NOTIFICATIONS_DURABLE,
      envelope<CopyGuardTriggeredV1>(CopyGuardTriggered.type, 'copy-engine', guards, 1, {
        userId: follower,
        traceId,
        guard: 'stop_loss',
        lossPercent: '12.5',
        thresholdPercent: '10',
        copyIds: [randomUUID(), randomUUID()],
        occurredAt: at,
      }),
    );
    const pause = (version: number, reason: AutoCopyPausedV1['reason']) =>
      envelope<AutoCopyPausedV1>(AutoCopyPaused.type, 'copy-engine', guards, version, {
        userId: follower,
        traceId,
        reason,
        occurredAt: at,
      });
    await consume(AutoCopyPaused.subject, COPY_NOTIFICATIONS_DURABLE, pause(2, 'stop_loss'));
    await consume(AutoCopyPaused.subject, COPY_NOTIFICATIONS_DURABLE, pause(3, 'user'));
    expect(await notificationsOf(db(), follower)).toEqual([
      expect.objectContaining({
        kind: 'copy_close_abandoned',
        title: 'Copy could not be closed',
        body: 'A copy was to be sold (the trader sold), but the brokerage refused the sell 3 times: Market closed. The copy stays open.',
        link: '/my-copies',
        emailTopic: 'copy_activity',
      }),
      expect.objectContaining({
        kind: 'copy_guard_triggered',
        title: 'Copy stop-loss triggered',
        body: 'Your copy stop-loss fired at a 12.50% loss (your limit: 10%): 2 copies of the trace are being sold at market and automatic copying of it is paused.',
      }),
      expect.objectContaining({
        kind: 'auto_copy_paused',
        body: 'Your copy stop-loss paused automatic copying of a trace.',
        emailTopic: 'copy_activity',
      }),
    ]);
  });
});

describe('events of the copy engine no notification is about', () => {
  it('TraceFollowerResultsComputed (a trace’s follower results) is consumed in order and tells no one; nothing dead-lettered', async () => {
    const traceId = randomUUID();
    const results = (version: number) =>
      envelope<TraceFollowerResultsComputedV1>(
        TraceFollowerResultsComputed.type,
        'copy-engine',
        `trace-results:${traceId}`,
        version,
        {
          traceId,
          computedAt: new Date().toISOString(),
          windows: [
            {
              window: '30d',
              followers: 12,
              copiesPlaced: 14,
              copiesSkipped: 1,
              copiesNotPlaced: 2,
              fillRate: 87.5,
              closedCopies: 10,
              followerReturnMedian: 4.2,
              followerReturnP90: 9.1,
              traderReturnMedian: 5,
              delayMedianMs: 800,
              delayP95Ms: 2100,
              slippageMedian: 0.12,
              slippageP95: 0.8,
              autoCopiedShare: null,
              sharedTrades: 3,
            },
          ],
          weekly: [
            {
              weekStart: '2026-11-23',
              copiesPlaced: 14,
              copiesNotPlaced: 2,
              followerReturnMedian: null,
              traderReturnMedian: null,
              slippageMedian: null,
            },
          ],
        },
      );
    const [count] = (await db().query(`SELECT count(*)::int AS n FROM identity.notifications`)) as Array<{ n: number }>;
    const first = results(1);
    const second = results(2);
    await consume(TraceFollowerResultsComputed.subject, COPY_NOTIFICATIONS_DURABLE, first);
    await consume(TraceFollowerResultsComputed.subject, COPY_NOTIFICATIONS_DURABLE, second);
    expect(await db().query(`SELECT count(*)::int AS n FROM identity.notifications`)).toEqual([count]);
    expect(
      await db().query(`SELECT 1 FROM identity.dead_letter WHERE event_id = ANY($1::text[])`, [[first.id, second.id]]),
    ).toEqual([]);
  });
});

describe('owners and admins', () => {
  const started = (traceId: string, userId: string, extra: Partial<SubscriptionStartedV1>) =>
    envelope<SubscriptionStartedV1>(SubscriptionStarted.type, 'traces', subscriptionAggregateId(traceId, userId), 1, {
      subscriptionId: randomUUID(),
      traceId,
      userId,
      tierId: randomUUID(),
      tierName: 'premium',
      source: 'user',
      occurredAt: new Date().toISOString(),
      ...extra,
    });

  it('SubscriptionStarted tells the trace owner (named in the event, or through a shared trade of the trace)', async () => {
    const owner = await newUser(db());
    const subscriber = await newUser(db(), { username: `sub${randomUUID().slice(0, 6)}` });
    const [{ username }] = await db().query(`SELECT username FROM identity.users WHERE id = $1`, [subscriber]);
    const traceId = randomUUID();
    await consume(
      SubscriptionStarted.subject,
      SUBSCRIPTION_NOTIFICATIONS_DURABLE,
      started(traceId, subscriber, { ownerUserId: owner, traceName: 'Alpha Desk' }),
    );
    expect(await notificationsOf(db(), owner)).toEqual([
      expect.objectContaining({
        kind: 'new_subscriber',
        title: 'New subscriber',
        body: `@${username} subscribed to Alpha Desk (Premium tier).`,
        link: `/trace/${traceId}/dashboard`,
        emailTopic: 'new_subscribers',
      }),
    ]);

    const older = await newUser(db());
    const shared = await sharedTrade(older, []);
    await consume(
      SubscriptionStarted.subject,
      SUBSCRIPTION_NOTIFICATIONS_DURABLE,
      started(shared.traceId, subscriber, {}),
    );
    expect((await notificationsOf(db(), older)).map((n) => n.body)).toEqual([
      `@${username} subscribed to Alpha Desk (Premium tier).`,
    ]);
  });

  it('OrderUpdated whose state becomes UNKNOWN tells every admin once; other states tell no one', async () => {
    const { adminId } = await identity.seededUserIds();
    const secondAdmin = await newUser(db(), { admin: true });
    const intentId = randomUUID();
    const order = (version: number, state: OrderUpdatedV1['state']) =>
      envelope<OrderUpdatedV1>(OrderUpdated.type, 'brokerage', `order-intent:${intentId}`, version, {
        intentId,
        requestId: randomUUID(),
        userId: randomUUID(),
        accountId: 'acct-1',
        provider: 'snaptrade',
        brokerageOrderId: null,
        clientOrderId: randomUUID(),
        action: 'BUY',
        symbol: 'AAPL',
        underlying: 'AAPL',
        isOptions: false,
        quantity: '10',
        state,
        final: false,
        filledQuantity: '0',
        averagePrice: null,
        providerStatus: null,
        occurredAt: new Date().toISOString(),
      });
    const before = (await notificationsOf(db(), adminId)).length;
    await consume(OrderUpdated.subject, ORDER_NOTIFICATIONS_DURABLE, order(1, 'SUBMITTED'));
    expect(await notificationsOf(db(), secondAdmin)).toEqual([]);
    await consume(OrderUpdated.subject, ORDER_NOTIFICATIONS_DURABLE, order(2, 'UNKNOWN'));
    await consume(OrderUpdated.subject, ORDER_NOTIFICATIONS_DURABLE, order(3, 'UNKNOWN'));
    const expected = expect.objectContaining({
      kind: 'unknown_order',
      title: 'Order outcome unknown',
      body: 'An order to buy 10 AAPL (snaptrade) has an unknown outcome: resolve it in the admin panel.',
      link: '/admin',
      dedupeKey: `unknown-order:${intentId}`,
      emailTopic: 'admin_alerts',
    });
    expect(await notificationsOf(db(), secondAdmin)).toEqual([expected]);
    expect((await notificationsOf(db(), adminId)).slice(before)).toEqual([expected]);
  });

  it('an ops alert tells every admin once per (kind, service, id), and no one else', async () => {
    const admin = await newUser(db(), { admin: true });
    const user = await newUser(db());
    const alert: OpsAlert = {
      kind: 'event_dead_lettered',
      service: 'copy_engine',
      id: randomUUID(),
      subject: 'events.traces.trade.shared.v1',
      error: 'boom',
      occurredAt: new Date().toISOString(),
    };
    nc.publish(OpsAlertSubject, JSON.stringify(alert));
    nc.publish(OpsAlertSubject, JSON.stringify(alert));
    nc.publish(OpsAlertSubject, JSON.stringify({ ...alert, kind: 'outbox_set_aside' }));
    await expectEventually(async () => expect(await notificationsOf(db(), admin)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 200)); // the repeat has had its chance to land
    expect(await notificationsOf(db(), admin)).toEqual([
      expect.objectContaining({
        kind: 'event_dead_lettered',
        title: 'Event dead-lettered (copy-engine)',
        body: `An event on events.traces.trade.shared.v1 could not be applied and was dead-lettered: boom. Once fixed: npm run events -- dead-letters redrive ${alert.id} --service copy-engine`,
        dedupeKey: `event_dead_lettered:copy_engine:${alert.id}`,
        link: '/admin',
        emailTopic: 'admin_alerts',
      }),
      expect.objectContaining({ kind: 'outbox_set_aside', dedupeKey: `outbox_set_aside:copy_engine:${alert.id}` }),
    ]);
    expect(await notificationsOf(db(), user)).toEqual([]);
    await expectEventually(() => expect(wasAnnounced(admin)).toBe(true));
  });
});

describe('a share to 10,000 followers', () => {
  it('a 10,000-follower share notifies every follower whose switch is on, once', async () => {
    const owner = await newUser(db());
    const followers: string[] = await db()
      .query(
        `INSERT INTO identity.users (username, email, password_hash)
         SELECT 'f' || g || '_' || $1, 'f' || g || '_' || $1 || '@example.com', 'x' FROM generate_series(1, 10000) g
         RETURNING id`,
        [randomUUID().slice(0, 8)],
      )
      .then((rows: Array<{ id: string }>) => rows.map((row) => row.id));
    await offSwitches(followers[0]!, { notifyOnTradeShared: false });
    tracesWorld.pageSize = 5_000;
    const tradeId = randomUUID();
    const traceId = randomUUID();
    tracesWorld.trades.set(tradeId, { trace: { id: traceId, name: 'Crowd', ownerUserId: owner }, userIds: followers });
    const event = tradeShared(tradeId, traceId, owner);
    await consume(TradeShared.subject, TRADE_NOTIFICATIONS_DURABLE, event);
    tracesWorld.pageSize = 2;
    const [{ count }] = await db().query(
      `SELECT count(*)::int AS count FROM identity.notifications WHERE dedupe_key = $1`,
      [`trade-shared:${tradeId}`],
    );
    expect(count).toBe(9_999);
  });

  it('a burst of a fan-out’s CopyOpened (applied in groups) tells each follower once and counts every copy once', async () => {
    const owner = await newUser(db());
    const { tradeId, traceId } = await sharedTrade(owner, []);
    const followers: string[] = await db()
      .query(
        `INSERT INTO identity.users (username, email, password_hash)
         SELECT 'g' || g || '_' || $1, 'g' || g || '_' || $1 || '@example.com', 'x' FROM generate_series(1, 600) g
         RETURNING id`,
        [randomUUID().slice(0, 8)],
      )
      .then((rows: Array<{ id: string }>) => rows.map((row) => row.id));
    const events = followers.map((follower) => copyOpened(follower, tradeId, traceId));
    await Promise.all(events.map((event) => publish(nc, CopyOpened.subject, event)));
    await Promise.all(events.slice(0, 50).map((event) => publish(nc, CopyOpened.subject, event, true)));

    await expectEventually(
      async () => expect((await notificationsOf(db(), owner))[0]?.body).toBe('600 followers copied AAPL'),
      { timeoutMs: 30_000 },
    );
    const [{ told, people }] = await db().query(
      `SELECT count(*)::int AS told, count(DISTINCT user_id)::int AS people FROM identity.notifications
        WHERE kind = 'copy_opened' AND user_id = ANY($1::uuid[])`,
      [followers],
    );
    expect({ told, people }).toEqual({ told: 600, people: 600 });
    // The redeliveries applied too (nothing left to deliver): still one each, still 600.
    await expectEventually(async () => {
      const info = await (await jetstreamManager(nc)).consumers.info(EVENTS_STREAM, COPY_NOTIFICATIONS_DURABLE);
      expect({ pending: info.num_pending, unacked: info.num_ack_pending }).toEqual({ pending: 0, unacked: 0 });
    });
    expect((await notificationsOf(db(), owner))[0]?.body).toBe('600 followers copied AAPL');
    const [{ again }] = await db().query(
      `SELECT count(*)::int AS again FROM identity.notifications WHERE kind = 'copy_opened' AND user_id = ANY($1::uuid[])`,
      [followers],
    );
    expect(again).toBe(600);
  });
});
