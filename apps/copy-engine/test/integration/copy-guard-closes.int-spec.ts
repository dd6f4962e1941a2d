import { randomUUID } from 'node:crypto';
import {
  BrokerageMessages,
  CopyCloseAbandoned,
  CopyClosed,
  CopyOpened,
  OrderFilled,
  OrderUpdated,
  type EventEnvelope,
  type OrderFilledV1,
  type OrderUpdatedV1,
  type RpcRequest,
} from '@copytrade/contracts';
import { devSignedActor } from '@copytrade/nest';
import { expectEventually } from '@copytrade/testing';
import { AutoCopyCloser } from '../../src/modules/auto-copy/auto-copy-closer';
import { closeRequestId, type CloseReason } from '../../src/modules/copies/copy-closed-by';
import { COPY_ORDER_EVENTS_DURABLE } from '../../src/modules/copies/handlers/copy-order-events.handler';
import { toCopyInstanceView } from '../../src/modules/copies/copy-instance.mapper';
import { findCopyById, type CopyRecord } from '../../src/modules/copies/copy-instances.store';
import { sellsOfCopy } from '../../src/modules/copies/copy-sells.store';
import { FollowerGuardsUseCase } from '../../src/modules/copy-guards/follower-guards.use-case';
import { StopLossEvaluator } from '../../src/modules/copy-stop-loss/stop-loss-evaluator';
import { AutoCopyStandInsModule, FILL_PRICE, publish, republish, world } from '../support/auto-copy-world';
import { useCopyEngineSuite } from '../support/copy-engine-suite';
import { seedOpenCopies, setStopLoss, type SeededCopy } from '../support/open-copies';
import { orderEnvelope, stockOrderFilledEvent, type StockOrderOf } from '../support/order-events';

/**
 * The guards' closes made complete, through the real copy engine (real PostgreSQL and migrations, a private
 * nats-server, the order-event consumer on JetStream) with the brokerage's stand-in: a close sell the brokerage
 * refuses is tried again under a new request id — at the next open when the market was closed — at most
 * COPY_CLOSE_MAX_ATTEMPTS times and never while a sell's outcome is unknown; and a copy still PENDING when a guard
 * fires is sold once its fill opens it, once whatever the redeliveries. Passes and the closer are driven by the test.
 */
jest.setTimeout(90_000);

const suite = useCopyEngineSuite('copy_engine_guard_closes', AutoCopyStandInsModule, {
  COPY_STOP_LOSS_INTERVAL_MS: '0',
  AUTO_COPY_POLL_MS: '0',
  AUTO_COPY_RETRY_MS: '1000',
  COPY_CLOSE_RETRY_MS: '1000',
  COPY_CLOSE_MAX_ATTEMPTS: '2',
});

beforeEach(() => world.reset());

const evaluator = () => suite.app.get(StopLossEvaluator);
const closer = () => suite.app.get(AutoCopyCloser);
const ticker = () => `G${randomUUID().slice(0, 6).toUpperCase()}`;
const as = <T>(userId: string, payload: T): RpcRequest<T> => ({
  requestId: randomUUID(),
  actor: devSignedActor({ userId, isAdmin: false }),
  payload,
});

interface CloseRow {
  eventId: string;
  copyId: string;
  reason: CloseReason;
  status: string;
  attempt: number;
  lastRefusal: string | null;
  dueAt: Date | null;
}

const closesOf = async (copyId: string) =>
  (await suite.dataSource.query(
    `SELECT event_id AS "eventId", copy_id AS "copyId", reason, status, attempt, last_refusal AS "lastRefusal",
            in_flight_until AS "dueAt"
       FROM copy_engine.auto_copy_closes WHERE copy_id = $1 ORDER BY created_at`,
    [copyId],
  )) as CloseRow[];

/** As if the close's wait were over (the clock moved on). */
const makeDue = (copyId: string) =>
  suite.dataSource.query(`UPDATE copy_engine.auto_copy_closes SET in_flight_until = NULL WHERE copy_id = $1`, [copyId]);

/** The orders really placed at the brokerage for a copy's sells (their request ids name the copy). */
const ordersOf = (copyId: string) =>
  [...world.placed.entries()].filter(([key]) => key.includes(copyId)).reduce((sum, [, count]) => sum + count, 0);

const copyOf = async (copyId: string) => (await findCopyById(suite.dataSource.manager, copyId))!;

const eventsAbout = async (subject: string, copyId: string) =>
  (await suite.dataSource.query(
    `SELECT envelope->'data' AS data FROM copy_engine.outbox WHERE subject = $1 AND envelope->'data'->>'copyId' = $2`,
    [subject, copyId],
  )) as Array<{ data: Record<string, unknown> }>;

/** Copies seeded for one follower; a PENDING one has had its order sent (the brokerage accepted it, not filled). */
async function seed(copies: Array<SeededCopy & { sent?: boolean }>): Promise<string[]> {
  const ids = await seedOpenCopies(suite.dataSource.manager, copies);
  const sent = ids.filter((_, index) => copies[index]!.status === 'PENDING' && copies[index]!.sent !== false);
  await suite.dataSource.query(
    `UPDATE copy_engine.copy_instances SET order_state = 'SUBMITTED', brokerage_order_id = 'B-' || left(id::text, 8)
      WHERE id = ANY($1::uuid[])`,
    [sent],
  );
  return ids;
}

/** The brokerage's events about a copy's own buy order (the intent is keyed by the copy here). */
const buyOrder = (copy: CopyRecord): StockOrderOf => ({
  intentId: copy.id,
  userId: copy.userId,
  accountId: copy.brokerageAccountId!,
  provider: 'paper',
  requestId: copy.requestId,
  brokerageOrderId: copy.brokerageOrderId,
  action: 'BUY' as const,
  symbol: copy.symbol,
  underlying: copy.symbol,
});

function buyFilled(copy: CopyRecord, quantity: string, price: string): EventEnvelope<OrderFilledV1> {
  return stockOrderFilledEvent(buyOrder(copy), quantity, price);
}

function buyUpdated(
  copy: CopyRecord,
  version: number,
  update: Pick<OrderUpdatedV1, 'state' | 'final' | 'filledQuantity' | 'averagePrice'>,
): EventEnvelope<OrderUpdatedV1> {
  const event = orderEnvelope(OrderUpdated.type, copy.id, {
    ...buyOrder(copy),
    clientOrderId: copy.id,
    isOptions: false,
    quantity: copy.quantityRequested,
    providerStatus: update.state,
    occurredAt: new Date().toISOString(),
    ...update,
  });
  event.aggregateVersion = version;
  return event;
}

/** A follower's trace with a 10 % stop-loss: one open copy (1,000 invested) and `pending` copies not filled yet. */
async function stopLossPair(pending: Array<SeededCopy & { sent?: boolean }> = []) {
  const [userId, traceId, symbol] = [randomUUID(), randomUUID(), ticker()];
  await setStopLoss(suite.dataSource.manager, userId, traceId, '10');
  const [open, ...others] = await seed([
    { userId, traceId, symbol, quantity: '10', entryPrice: '100' },
    ...pending.map((copy) => ({ ...copy, userId, traceId })),
  ]);
  return { userId, traceId, symbol, open: open!, others };
}

async function fireStopLoss(pair: { userId: string; symbol: string }) {
  world.quotes.set(pair.symbol, 80);
  const fired = (await evaluator().pass()).triggered.filter((each) => each.userId === pair.userId);
  expect(fired).toHaveLength(1);
  return fired[0]!;
}

describe('a refused close is tried again', () => {
  it('refused for a closed market: tried again at the next open under a new request id, and sold once', async () => {
    const pair = await stopLossPair();
    world.marketClosed = true;
    world.nextOpenAt = new Date(Date.now() + 60_000);
    await fireStopLoss(pair);
    world.nextOpenAt = new Date(Date.now() + 3_000);
    await closer().drain();

    // The first attempt refused (its sell FAILED: nothing sold), the second waits for the open.
    const [refused] = await closesOf(pair.open);
    expect(refused).toMatchObject({
      reason: 'stop_loss',
      status: 'PENDING',
      attempt: 2,
      lastRefusal: BrokerageMessages.marketClosed,
    });
    expect(refused!.dueAt!.getTime()).toBe(world.nextOpenAt.getTime());
    expect(
      (await sellsOfCopy(suite.dataSource.manager, pair.open)).map((sell) => [sell.requestId, sell.status]),
    ).toEqual([[closeRequestId({ ...refused!, attempt: 1 }), 'FAILED']]);
    expect((await copyOf(pair.open)).status).toBe('OPEN');
    // Not before the open.
    await closer().drain();
    expect(ordersOf(pair.open)).toBe(0);

    world.marketClosed = false;
    await expectEventually(
      async () => {
        await closer().drain();
        expect((await copyOf(pair.open)).status).toBe('CLOSED');
      },
      { timeoutMs: 10_000 },
    );
    expect(world.placed.get(`${pair.userId}:${closeRequestId({ ...refused!, attempt: 2 })}`)).toBe(1);
    expect(ordersOf(pair.open)).toBe(1);
    // Its receipt is the stop-loss's, whichever attempt sold it.
    expect(toCopyInstanceView(await copyOf(pair.open))).toMatchObject({
      status: 'closed',
      closedBy: 'stop_loss',
      closedByLossPercent: 20,
      copierCurrentPrice: FILL_PRICE,
      closeFailure: null,
    });
    expect((await closesOf(pair.open))[0]).toMatchObject({ status: 'DONE', attempt: 2 });
    await makeDue(pair.open);
    await closer().drain();
    expect(ordersOf(pair.open)).toBe(1);
    expect(await eventsAbout(CopyClosed.subject, pair.open)).toHaveLength(1);
  });

  it('refused at every attempt allowed: gives up after the last, the copy left open and flagged with the reason', async () => {
    const [userId, traceId] = [randomUUID(), randomUUID()];
    const [copyId] = await seed([{ userId, traceId, placement: 'automatic' }]);
    const rejected = { status: 422, code: 'ORDER_REJECTED', message: 'The brokerage rejected the order.' };
    world.behaviour.set(userId, rejected);
    await suite.app.get(FollowerGuardsUseCase).stopAll(as(userId, { userId, closeAutomaticCopies: true }));
    const before = Date.now();
    await closer().drain();
    const [first] = await closesOf(copyId!);
    expect(first).toMatchObject({
      reason: 'kill_switch',
      status: 'PENDING',
      attempt: 2,
      lastRefusal: rejected.message,
    });
    // The next attempt after COPY_CLOSE_RETRY_MS (1 s here), not at once.
    expect(first!.dueAt!.getTime()).toBeGreaterThanOrEqual(before + 900);
    await closer().drain();
    expect(await sellsOfCopy(suite.dataSource.manager, copyId!)).toHaveLength(1);

    await makeDue(copyId!);
    await closer().drain();
    expect(await closesOf(copyId!)).toEqual([expect.objectContaining({ status: 'GAVE_UP', attempt: 2 })]);
    expect((await sellsOfCopy(suite.dataSource.manager, copyId!)).map((sell) => [sell.requestId, sell.status])).toEqual(
      [1, 2].map((attempt) => [closeRequestId({ ...first!, attempt }), 'FAILED']),
    );
    expect(toCopyInstanceView(await copyOf(copyId!))).toMatchObject({
      status: 'open',
      heldQuantity: 10,
      closedBy: null,
      closeFailure: { by: 'kill_switch', attempts: 2, reason: rejected.message },
    });
    expect(await eventsAbout(CopyCloseAbandoned.subject, copyId!)).toEqual([
      {
        data: expect.objectContaining({
          copyId,
          userId,
          reason: 'kill_switch',
          attempts: 2,
          refusal: rejected.message,
        }),
      },
    ]);
    // Nothing tries again by itself.
    world.behaviour.delete(userId);
    await makeDue(copyId!);
    await closer().drain();
    expect(await sellsOfCopy(suite.dataSource.manager, copyId!)).toHaveLength(2);
    expect(ordersOf(copyId!)).toBe(0);
  });

  it('an unanswered sell (its outcome unknown) is never a refusal: asked again under the same request id, never a new attempt', async () => {
    const pair = await stopLossPair();
    world.behaviour.set(pair.userId, { status: 503, code: 'PROVIDER_UNAVAILABLE', message: 'No answer in time.' });
    await fireStopLoss(pair);
    await closer().drain();
    await makeDue(pair.open);
    await closer().drain();
    const [close] = await closesOf(pair.open);
    expect(close).toMatchObject({ status: 'PENDING', attempt: 1, lastRefusal: null });
    const firstKey = closeRequestId({ ...close!, attempt: 1 });
    expect(
      (await sellsOfCopy(suite.dataSource.manager, pair.open)).map((sell) => [sell.requestId, sell.status]),
    ).toEqual([[firstKey, 'PENDING']]);

    // The brokerage answers again: the same sell, once.
    world.behaviour.delete(pair.userId);
    await makeDue(pair.open);
    await closer().drain();
    expect((await copyOf(pair.open)).status).toBe('CLOSED');
    expect(world.placed.get(`${pair.userId}:${firstKey}`)).toBe(1);
    expect(ordersOf(pair.open)).toBe(1);
    expect((await closesOf(pair.open))[0]).toMatchObject({ status: 'DONE', attempt: 1 });
  });
  it('an accepted sell is waited for; once its order ends with nothing sold, the next attempt sells under a new request id', async () => {
    const pair = await stopLossPair();
    world.behaviour.set(pair.userId, 'submitted');
    await fireStopLoss(pair);
    await closer().drain();
    const [close] = await closesOf(pair.open);
    const firstKey = closeRequestId({ ...close!, attempt: 1 });
    const accepted = world.orders.get(`${pair.userId}:${firstKey}`)!;
    // Working at the brokerage: looked at again, never a second sell.
    await makeDue(pair.open);
    await closer().drain();
    expect(await closesOf(pair.open)).toEqual([expect.objectContaining({ status: 'PENDING', attempt: 1 })]);
    expect(ordersOf(pair.open)).toBe(1);

    // The brokerage's final word: canceled, nothing sold.
    const canceled = orderEnvelope(OrderUpdated.type, accepted.clientOrderId!, {
      intentId: accepted.clientOrderId!,
      requestId: firstKey,
      userId: pair.userId,
      accountId: accepted.accountId!,
      provider: 'paper',
      brokerageOrderId: accepted.brokerageOrderId,
      clientOrderId: accepted.clientOrderId!,
      action: 'SELL' as const,
      symbol: accepted.symbol,
      underlying: accepted.symbol,
      isOptions: false,
      quantity: String(accepted.quantity),
      state: 'CANCELED' as const,
      final: true,
      filledQuantity: '0',
      averagePrice: null,
      providerStatus: 'CANCELED',
      occurredAt: new Date().toISOString(),
    });
    await publish(suite.nc, OrderUpdated.subject, canceled);
    await expectEventually(async () =>
      expect((await sellsOfCopy(suite.dataSource.manager, pair.open)).map((sell) => sell.status)).toEqual(['FAILED']),
    );
    world.behaviour.delete(pair.userId);
    await makeDue(pair.open);
    await closer().drain();
    expect((await closesOf(pair.open))[0]).toMatchObject({ status: 'PENDING', attempt: 2 });
    await makeDue(pair.open);
    await closer().drain();
    expect((await copyOf(pair.open)).status).toBe('CLOSED');
    expect(world.placed.get(`${pair.userId}:${closeRequestId({ ...close!, attempt: 2 })}`)).toBe(1);
    expect(ordersOf(pair.open)).toBe(2);
    expect(toCopyInstanceView(await copyOf(pair.open)).closedBy).toBe('stop_loss');
  });
});

describe('a copy still pending when a guard fires', () => {
  it('stop-loss: recorded at the firing, sold once its fill opens it; a copy never sent is skipped, not closed', async () => {
    const pair = await stopLossPair([
      { placement: 'manual', status: 'PENDING', quantity: '4' },
      { placement: 'automatic', status: 'PENDING', sent: false },
    ]);
    const [pending, unsent] = pair.others as [string, string];
    const fired = await fireStopLoss(pair);
    expect(fired.copyIds).toEqual([pair.open, pending].sort());
    expect(await closesOf(unsent)).toEqual([]);
    expect((await copyOf(unsent)).status).toBe('FAILED');

    await closer().drain();
    expect((await copyOf(pair.open)).status).toBe('CLOSED');
    expect(ordersOf(pending)).toBe(0);
    const [close] = await closesOf(pending);
    expect(close).toMatchObject({ reason: 'stop_loss', status: 'PENDING', attempt: 1 });

    // The fill opens it and, in the same transaction, records its close sell under the close's key.
    await publish(suite.nc, OrderFilled.subject, buyFilled(await copyOf(pending), '4', '99'));
    await expectEventually(async () => expect((await copyOf(pending)).status).toBe('OPEN'));
    const requestId = closeRequestId({ ...close!, attempt: 1 });
    expect(
      (await sellsOfCopy(suite.dataSource.manager, pending)).map((sell) => [sell.requestId, Number(sell.quantity)]),
    ).toEqual([[requestId, 4]]);
    expect(toCopyInstanceView(await copyOf(pending)).heldQuantity).toBe(0);

    await closer().drain();
    expect(world.placed.get(`${pair.userId}:${requestId}`)).toBe(1);
    expect(toCopyInstanceView(await copyOf(pending))).toMatchObject({
      status: 'closed',
      closedBy: 'stop_loss',
      copyQuantity: 4,
    });
    expect(await eventsAbout(CopyOpened.subject, pending)).toHaveLength(1);
    expect(await eventsAbout(CopyClosed.subject, pending)).toHaveLength(1);
    expect(ordersOf(unsent)).toBe(0);
  });

  it('kill switch with close: sold once after its fill, whatever the redeliveries and other events of the same fill', async () => {
    const [userId, traceId] = [randomUUID(), randomUUID()];
    const [pending] = await seed([{ userId, traceId, placement: 'automatic', status: 'PENDING', quantity: '3' }]);
    const stopped = await suite.app
      .get(FollowerGuardsUseCase)
      .stopAll(as(userId, { userId, closeAutomaticCopies: true }));
    expect(stopped.closingCopies).toBe(1);
    await closer().drain();
    expect(ordersOf(pending!)).toBe(0);

    const copy = await copyOf(pending!);
    const filled = buyFilled(copy, '3', '100');
    const updated = buyUpdated(copy, 2, { state: 'FILLED', final: true, filledQuantity: '3', averagePrice: '100' });
    // The fill, the same event again (a redelivery), and the order's update saying the same.
    await publish(suite.nc, OrderFilled.subject, filled);
    await republish(suite.nc, OrderFilled.subject, filled);
    await publish(suite.nc, OrderUpdated.subject, updated);
    await republish(suite.nc, OrderUpdated.subject, updated);
    await expectEventually(async () => {
      const applied = (await suite.dataSource.query(
        `SELECT count(*)::int AS count FROM copy_engine.inbox WHERE consumer = $1 AND event_id = ANY($2::uuid[])`,
        [COPY_ORDER_EVENTS_DURABLE, [filled.id, updated.id]],
      )) as Array<{ count: number }>;
      expect(applied[0]!.count).toBe(2);
    });
    await Promise.all([closer().drain(), closer().closeBatch()]);
    await closer().drain();

    expect(await sellsOfCopy(suite.dataSource.manager, pending!)).toHaveLength(1);
    expect(ordersOf(pending!)).toBe(1);
    expect(toCopyInstanceView(await copyOf(pending!))).toMatchObject({ status: 'closed', closedBy: 'kill_switch' });
    expect(await eventsAbout(CopyOpened.subject, pending!)).toHaveLength(1);
    expect(await eventsAbout(CopyClosed.subject, pending!)).toHaveLength(1);
  });

  it('a pending copy whose order ends with nothing filled needs nothing: its close ends with nothing sold', async () => {
    const pair = await stopLossPair([{ placement: 'manual', status: 'PENDING' }]);
    const [pending] = pair.others as [string];
    await fireStopLoss(pair);
    await closer().drain();
    const copy = await copyOf(pending);
    await publish(
      suite.nc,
      OrderUpdated.subject,
      buyUpdated(copy, 1, { state: 'CANCELED', final: true, filledQuantity: '0', averagePrice: null }),
    );
    await expectEventually(async () => expect((await copyOf(pending)).status).toBe('FAILED'));
    await makeDue(pending);
    await closer().drain();
    expect(await closesOf(pending)).toEqual([expect.objectContaining({ status: 'DONE' })]);
    expect(await sellsOfCopy(suite.dataSource.manager, pending)).toEqual([]);
    expect(ordersOf(pending)).toBe(0);
  });
});
