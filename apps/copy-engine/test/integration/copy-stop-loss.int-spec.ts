import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  AutoCopyPaused,
  CopyGuardTriggered,
  CopyTradeErrorCode,
  CopyTradeMessages,
  type RpcRequest,
} from '@copytrade/contracts';
import { devSignedActor, OutboxWriter, usTradingDayOf, usTradingDayStart } from '@copytrade/nest';
import type { DataSource } from 'typeorm';
import { AutoCopyCloser } from '../../src/modules/auto-copy/auto-copy-closer';
import { closeRequestId } from '../../src/modules/copies/copy-closed-by';
import { toCopyInstanceView } from '../../src/modules/copies/copy-instance.mapper';
import { findCopyById } from '../../src/modules/copies/copy-instances.store';
import { findTraceGuards } from '../../src/modules/copy-guards/copy-guards.store';
import { FollowerGuardsUseCase } from '../../src/modules/copy-guards/follower-guards.use-case';
import { TraceGuardsUseCase } from '../../src/modules/copy-guards/trace-guards.use-case';
import { StopLossEvaluator } from '../../src/modules/copy-stop-loss/stop-loss-evaluator';
import { breachedPairs } from '../../src/modules/copy-stop-loss/stop-loss.store';
import { triggerStopLoss } from '../../src/modules/copy-stop-loss/stop-loss-trigger';
import { AutoCopyStandInsModule, FILL_PRICE, world } from '../support/auto-copy-world';
import { startCopyEngine, type CopyEngineUnderTest } from '../support/copy-engine-under-test';
import { seedOpenCopies, setStopLoss } from '../support/open-copies';

/**
 * The copy stop-loss and the kill switch's close through the real copy engine (its app module, real PostgreSQL with
 * the real migrations, a private nats-server) with the brokerage's stand-in (marketQuotes from `world.quotes`, orders
 * idempotent per (user, request id), counting the orders really placed). Passes and the closer are driven by the test.
 */
jest.setTimeout(90_000);

let engine: CopyEngineUnderTest;
let app: INestApplication;
let dataSource: DataSource;
let evaluator: StopLossEvaluator;
let closer: AutoCopyCloser;

beforeAll(async () => {
  engine = await startCopyEngine('copy_engine_stop_loss', AutoCopyStandInsModule, {
    COPY_STOP_LOSS_INTERVAL_MS: '0',
    AUTO_COPY_POLL_MS: '0',
    AUTO_COPY_RETRY_MS: '0',
  });
  ({ app, dataSource } = engine);
  evaluator = app.get(StopLossEvaluator);
  closer = app.get(AutoCopyCloser);
}, 90_000);

afterAll(async () => {
  await engine?.stop();
});

beforeEach(() => world.reset());

/** A ticker of this test only: other tests' pairs stay watched, and a quote of theirs must not move them. */
const ticker = () => `T${randomUUID().slice(0, 6).toUpperCase()}`;
const as = <T>(userId: string, payload: T): RpcRequest<T> => ({
  requestId: randomUUID(),
  actor: devSignedActor({ userId, isAdmin: false }),
  payload,
});

/** The orders really placed for a copy at the brokerage (its sells: their request ids name the copy). */
const ordersOf = (copyId: string) =>
  [...world.placed.entries()].filter(([key]) => key.includes(copyId)).reduce((sum, [, count]) => sum + count, 0);
const soldQuantityOf = (copyId: string) =>
  [...world.orders.entries()].filter(([key]) => key.includes(copyId)).map(([, order]) => order.quantity);

const eventsOf = async (subject: string, userId: string) =>
  (
    (await dataSource.query(
      `SELECT envelope FROM copy_engine.outbox WHERE subject = $1 AND envelope->'data'->>'userId' = $2`,
      [subject, userId],
    )) as Array<{ envelope: { data: Record<string, unknown> } }>
  ).map((row) => row.envelope.data);

const closesOf = async (userId: string) =>
  (await dataSource.query(
    `SELECT copy_id AS "copyId", reason, status, loss_percent::text AS "lossPercent"
       FROM copy_engine.auto_copy_closes WHERE user_id = $1 ORDER BY copy_id`,
    [userId],
  )) as Array<{ copyId: string; reason: string; status: string; lossPercent: string | null }>;

const statusOf = async (copyId: string) => (await findCopyById(dataSource.manager, copyId))!.status;

/** One follower's trace with a 10 % stop-loss over two stocks: 1,000 invested in each. */
async function pairWithTwoStocks() {
  const [userId, traceId, a, b] = [randomUUID(), randomUUID(), ticker(), ticker()];
  await setStopLoss(dataSource.manager, userId, traceId, '10');
  const copyIds = await seedOpenCopies(dataSource.manager, [
    { userId, traceId, symbol: a, quantity: '10', entryPrice: '100', placement: 'automatic' },
    { userId, traceId, symbol: b, quantity: '5', entryPrice: '200', placement: 'manual' },
  ]);
  return { userId, traceId, a, b, copyIds };
}

describe('the copy stop-loss', () => {
  it('fires once the loss over the pair’s open copies passes the threshold, not at it or before; then sells each copy once, shown as closed by the stop-loss', async () => {
    const { userId, traceId, a, b, copyIds } = await pairWithTwoStocks();
    // 5 % down: nothing.
    world.quotes.set(a, 95).set(b, 190);
    expect((await evaluator.pass()).triggered.filter((each) => each.userId === userId)).toEqual([]);
    // Exactly 10 %: (100 + 100) / 2000 — not past it.
    world.quotes.set(a, 90).set(b, 180);
    expect((await evaluator.pass()).triggered.filter((each) => each.userId === userId)).toEqual([]);
    expect(await closesOf(userId)).toEqual([]);
    expect(world.quoteCalls.every((call) => call.symbols.length <= 10)).toBe(true);

    // 12.5 %: (200 + 50) / 2000.
    world.quotes.set(a, 80).set(b, 190);
    const pass = await evaluator.pass();
    expect(pass.triggered).toEqual([
      { userId, traceId, lossPercent: '12.50', thresholdPercent: '10.00', copyIds: [...copyIds].sort() },
    ]);
    expect(await findTraceGuards(dataSource.manager, userId, traceId)).toMatchObject({
      autoCopyPaused: true,
      pausedReason: 'stop_loss',
    });
    expect(await closesOf(userId)).toEqual(
      [...copyIds].sort().map((copyId) => ({ copyId, reason: 'stop_loss', status: 'PENDING', lossPercent: '12.50' })),
    );
    expect(await eventsOf(CopyGuardTriggered.subject, userId)).toEqual([
      expect.objectContaining({
        userId,
        traceId,
        guard: 'stop_loss',
        lossPercent: '12.50',
        thresholdPercent: '10.00',
        copyIds: [...copyIds].sort(),
      }),
    ]);
    expect(await eventsOf(AutoCopyPaused.subject, userId)).toEqual([
      expect.objectContaining({ userId, traceId, reason: 'stop_loss' }),
    ]);

    await closer.drain();
    for (const copyId of copyIds) {
      expect(ordersOf(copyId)).toBe(1);
      expect(await statusOf(copyId)).toBe('CLOSED');
      const view = toCopyInstanceView((await findCopyById(dataSource.manager, copyId))!);
      expect(view).toMatchObject({
        status: 'closed',
        closedBy: 'stop_loss',
        closedByLossPercent: 12.5,
        copierCurrentPrice: FILL_PRICE,
      });
    }
    expect(soldQuantityOf(copyIds[0]!)).toEqual([10]);
    expect(soldQuantityOf(copyIds[1]!)).toEqual([5]);

    // Further passes (still down) and another drain change nothing.
    world.quotes.set(a, 50).set(b, 50);
    expect((await evaluator.pass()).triggered.filter((each) => each.userId === userId)).toEqual([]);
    await closer.drain();
    for (const copyId of copyIds) expect(ordersOf(copyId)).toBe(1);
    expect(await eventsOf(CopyGuardTriggered.subject, userId)).toHaveLength(1);
  });

  it('values a sell copy reversed and options per contract (× multiplier, by OCC ticker)', async () => {
    const [userId, traceId, short, option] = [randomUUID(), randomUUID(), ticker(), `${ticker()}260116C00100000`];
    await setStopLoss(dataSource.manager, userId, traceId, '20');
    await seedOpenCopies(dataSource.manager, [
      { userId, traceId, symbol: short, side: 'sell', quantity: '10', entryPrice: '100' },
      {
        userId,
        traceId,
        symbol: 'AAPL',
        isOptions: true,
        optionsTicker: option,
        quantity: '1',
        entryPrice: '10',
        contractMultiplier: 100,
      },
    ]);
    // The short gains 100 (price down 10), the option loses 500 of 1,000: 400 / 2,000 = 20 % — not past it.
    world.quotes.set(short, 90).set(option, 5);
    expect((await evaluator.pass()).triggered.filter((each) => each.userId === userId)).toEqual([]);
    expect(world.quoteCalls.flatMap((call) => call.symbols)).toContain(option);
    // The short loses 100 (price up 10), the option 500: 600 / 2,000 = 30 %.
    world.quotes.set(short, 110);
    const [fired] = (await evaluator.pass()).triggered.filter((each) => each.userId === userId);
    expect(fired).toMatchObject({ lossPercent: '30.00' });
  });

  it('leaves out a copy that cannot be quoted — never valued at its stored price — and fires on the rest only', async () => {
    const [userId, traceId, quoted, unquoted] = [randomUUID(), randomUUID(), ticker(), ticker()];
    await setStopLoss(dataSource.manager, userId, traceId, '10');
    await seedOpenCopies(dataSource.manager, [
      { userId, traceId, symbol: quoted, quantity: '10', entryPrice: '100', currentPrice: '99' },
      // Its stored price says −90 %: a pass must not believe it.
      { userId, traceId, symbol: unquoted, quantity: '10', entryPrice: '100', currentPrice: '10' },
    ]);
    world.quotes.set(quoted, 99).set(unquoted, null);
    expect((await evaluator.pass()).triggered.filter((each) => each.userId === userId)).toEqual([]);
    // Nothing quoted at all for the pair: not evaluated.
    world.quotes.set(quoted, null);
    expect((await evaluator.pass()).triggered.filter((each) => each.userId === userId)).toEqual([]);
    expect(await closesOf(userId)).toEqual([]);
    // The quoted copy alone past it: the pair fires, and every copy of it is closed.
    world.quotes.set(quoted, 85);
    const [fired] = (await evaluator.pass()).triggered.filter((each) => each.userId === userId);
    expect(fired).toMatchObject({ lossPercent: '15.00' });
    expect(fired!.copyIds).toHaveLength(2);
  });

  it('never sells more than a copy holds: a partly sold copy counts and sells only what it still holds', async () => {
    const [userId, traceId, partly, whole] = [randomUUID(), randomUUID(), ticker(), ticker()];
    await setStopLoss(dataSource.manager, userId, traceId, '10');
    const [partlySold, untouched] = await seedOpenCopies(dataSource.manager, [
      { userId, traceId, symbol: partly, quantity: '10', entryPrice: '100' },
      { userId, traceId, symbol: whole, quantity: '10', entryPrice: '100' },
    ]);
    // 8 of the first copy sold already (one filled, one still pending): it holds 2.
    await dataSource.query(
      `INSERT INTO copy_engine.copy_sells (user_id, request_id, copy_id, brokerage_account_id, quantity, status,
          filled_quantity, fill_price, filled_at)
       VALUES ($1, 'follower-sell-1', $2, 'acct', 5, 'FILLED', 5, 120, now()),
              ($1, 'follower-sell-2', $2, 'acct', 3, 'PENDING', NULL, NULL, NULL)`,
      [userId, partlySold],
    );
    // Held: 2 × (100 − 50) = 100 lost of 1,200 invested = 8.3 % (counting the sold shares would say 25 %).
    world.quotes.set(partly, 50).set(whole, 100);
    expect((await evaluator.pass()).triggered.filter((each) => each.userId === userId)).toEqual([]);
    // 100 + 10 × 10 = 200 of 1,200: 16.67 %.
    world.quotes.set(whole, 90);
    const [fired] = (await evaluator.pass()).triggered.filter((each) => each.userId === userId);
    expect(fired).toMatchObject({ lossPercent: '16.67' });
    await closer.drain();
    expect(soldQuantityOf(partlySold!)).toEqual([2]);
    expect(soldQuantityOf(untouched!)).toEqual([10]);
    expect(await statusOf(untouched!)).toBe('CLOSED');
    // The first copy's pending sell settles it later; nothing more was sold.
    expect(await statusOf(partlySold!)).toBe('OPEN');
  });

  it('fires once when passes race (replicas) and a pass races a price change: one trigger, one close and one order per copy', async () => {
    const { userId, traceId, a, b, copyIds } = await pairWithTwoStocks();
    world.quotes.set(a, 80).set(b, 190);
    const [early] = (
      await breachedPairs(
        dataSource.manager,
        new Map([
          [a, '80'],
          [b, '190'],
        ]),
      )
    ).filter((pair) => pair.userId === userId);
    const [later] = (
      await breachedPairs(
        dataSource.manager,
        new Map([
          [a, '70'],
          [b, '150'],
        ]),
      )
    ).filter((pair) => pair.userId === userId);
    expect([early?.lossPercent, later?.lossPercent]).toEqual(['12.50', '27.50']);
    const outbox = app.get(OutboxWriter);
    const outcomes = await Promise.all([
      evaluator.pass(),
      ...[early, later, early, later].map((pair) => triggerStopLoss(dataSource, outbox, pair!, randomUUID())),
    ]);
    const fromPass = (outcomes[0] as Awaited<ReturnType<StopLossEvaluator['pass']>>).triggered.filter(
      (each) => each.userId === userId,
    );
    const fromTriggers = outcomes.slice(1).filter((copies) => copies !== null);
    expect(fromPass.length + fromTriggers.length).toBe(1);
    expect(await closesOf(userId)).toHaveLength(2);
    expect(await eventsOf(CopyGuardTriggered.subject, userId)).toHaveLength(1);
    expect(await eventsOf(AutoCopyPaused.subject, userId)).toHaveLength(1);
    expect((await findTraceGuards(dataSource.manager, userId, traceId)).pausedReason).toBe('stop_loss');

    await Promise.all([closer.drain(), closer.closeBatch(), closer.closeBatch()]);
    await closer.drain();
    for (const copyId of copyIds) expect(ordersOf(copyId)).toBe(1);
  });

  it('a crash after the sell was placed, before its close was finished: taken again, it answers the first order', async () => {
    const { userId, a, b, copyIds } = await pairWithTwoStocks();
    world.quotes.set(a, 50).set(b, 100);
    await evaluator.pass();
    await closer.drain();
    // As if the process died before marking the closes done and their sells filled: both taken again.
    await dataSource.query(
      `UPDATE copy_engine.auto_copy_closes SET status = 'PENDING', in_flight_until = NULL WHERE user_id = $1`,
      [userId],
    );
    await closer.drain();
    for (const copyId of copyIds) expect(ordersOf(copyId)).toBe(1);
    expect((await closesOf(userId)).map((close) => close.status)).toEqual(['DONE', 'DONE']);
    expect(await eventsOf(CopyGuardTriggered.subject, userId)).toHaveLength(1);
  });

  it('sells at market under the close’s keyed request id, so a sell the brokerage already has is never placed twice', async () => {
    const { userId, a, b, copyIds } = await pairWithTwoStocks();
    world.quotes.set(a, 50).set(b, 100);
    const [fired] = (await evaluator.pass()).triggered.filter((each) => each.userId === userId);
    const [close] = (await dataSource.query(
      `SELECT event_id AS "eventId" FROM copy_engine.auto_copy_closes WHERE copy_id = $1`,
      [copyIds[0]],
    )) as Array<{ eventId: string }>;
    await closer.drain();
    const requestId = closeRequestId({ eventId: close!.eventId, copyId: copyIds[0]!, reason: 'stop_loss' });
    expect(world.placed.get(`${userId}:${requestId}`)).toBe(1);
    expect(fired!.copyIds).toHaveLength(2);
  });
});

describe('the kill switch with close', () => {
  it('sells every open automatic copy of the follower once — never a manual one or another follower’s — with its events once', async () => {
    const [userId, other, traceA, traceB] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const [autoA, autoB, manual, pending, othersAuto] = await seedOpenCopies(dataSource.manager, [
      { userId, traceId: traceA, placement: 'automatic' },
      { userId, traceId: traceB, placement: 'automatic', quantity: '3' },
      { userId, traceId: traceA, placement: 'manual' },
      { userId, traceId: traceB, placement: 'automatic', status: 'PENDING' },
      { userId: other, traceId: traceA, placement: 'automatic' },
    ]);
    const guards = app.get(FollowerGuardsUseCase);
    const stopped = await guards.stopAll(as(userId, { userId, closeAutomaticCopies: true }));
    expect(stopped).toMatchObject({ closeAutomaticCopies: true, closingCopies: 2, guards: { autoCopyStopped: true } });
    expect((await closesOf(userId)).map((close) => [close.copyId, close.reason])).toEqual(
      [autoA!, autoB!].sort().map((copyId) => [copyId, 'kill_switch']),
    );
    // Asked again (a double click, a retry) while the sells are under way: nothing new.
    const again = await guards.stopAll(as(userId, { userId, closeAutomaticCopies: true }));
    expect(again.closingCopies).toBe(0);
    await closer.drain();
    await guards.stopAll(as(userId, { userId, closeAutomaticCopies: true }));
    await closer.drain();

    expect(ordersOf(autoA!)).toBe(1);
    expect(ordersOf(autoB!)).toBe(1);
    expect(soldQuantityOf(autoB!)).toEqual([3]);
    for (const untouched of [manual!, pending!, othersAuto!]) expect(ordersOf(untouched)).toBe(0);
    expect(await statusOf(manual!)).toBe('OPEN');
    expect(await statusOf(othersAuto!)).toBe('OPEN');
    expect(toCopyInstanceView((await findCopyById(dataSource.manager, autoA!))!)).toMatchObject({
      closedBy: 'kill_switch',
      closedByLossPercent: null,
    });
    expect(await eventsOf(AutoCopyPaused.subject, userId)).toEqual([
      expect.objectContaining({ userId, traceId: null, reason: 'kill_switch' }),
    ]);
    expect(await eventsOf(CopyGuardTriggered.subject, userId)).toEqual([
      expect.objectContaining({ userId, traceId: null, guard: 'kill_switch', copyIds: [autoA!, autoB!].sort() }),
    ]);
  });

  it('without close, stops copying and sells nothing; a follower’s own pause writes AutoCopyPaused once', async () => {
    const [userId, traceId] = [randomUUID(), randomUUID()];
    const [copyId] = await seedOpenCopies(dataSource.manager, [{ userId, traceId, placement: 'automatic' }]);
    const stopped = await app.get(FollowerGuardsUseCase).stopAll(as(userId, { userId }));
    expect(stopped).toMatchObject({ closeAutomaticCopies: false, closingCopies: 0 });
    await closer.drain();
    expect(ordersOf(copyId!)).toBe(0);
    expect(await eventsOf(CopyGuardTriggered.subject, userId)).toEqual([]);

    const traces = app.get(TraceGuardsUseCase);
    await traces.pause(as(userId, { userId, traceId }));
    await traces.pause(as(userId, { userId, traceId }));
    expect((await eventsOf(AutoCopyPaused.subject, userId)).map((data) => [data.traceId, data.reason])).toEqual(
      expect.arrayContaining([
        [null, 'kill_switch'],
        [traceId, 'user'],
      ]),
    );
    expect(await eventsOf(AutoCopyPaused.subject, userId)).toHaveLength(2);
  });

  it('a manual copy closed by the follower shows closed by the follower', async () => {
    const [userId, traceId] = [randomUUID(), randomUUID()];
    const [copyId] = await seedOpenCopies(dataSource.manager, [{ userId, traceId, placement: 'manual' }]);
    await dataSource.query(
      `INSERT INTO copy_engine.copy_sells (user_id, request_id, copy_id, brokerage_account_id, quantity, status,
          filled_quantity, fill_price, filled_at)
       VALUES ($1, 'stop-loss:spoofed', $2, 'acct', 10, 'FILLED', 10, 90, now())`,
      [userId, copyId],
    );
    await dataSource.query(`UPDATE copy_engine.copy_instances SET status = 'CLOSED', closed_at = now() WHERE id = $1`, [
      copyId,
    ]);
    expect(toCopyInstanceView((await findCopyById(dataSource.manager, copyId!))!).closedBy).toBe('follower');
  });
});

describe('the daily loss limit', () => {
  const today = () => usTradingDayOf(new Date());
  const withLimit = async (limit: string) => {
    const userId = randomUUID();
    await dataSource.query(`INSERT INTO copy_engine.follower_guards (user_id, daily_loss_limit) VALUES ($1, $2)`, [
      userId,
      limit,
    ]);
    return userId;
  };
  /** The copy was filled an hour before today began (US/Eastern): held from an earlier day. */
  const heldSinceYesterday = (copyId: string) =>
    dataSource.query(`UPDATE copy_engine.copy_instances SET filled_at = $2 WHERE id = $1`, [
      copyId,
      new Date(usTradingDayStart(today()).getTime() - 3_600_000),
    ]);
  /** A sell of the whole copy filled now at `price`, the copy closed (as the close does). */
  const soldNow = async (userId: string, copyId: string, quantity: string, price: string) => {
    await dataSource.query(
      `INSERT INTO copy_engine.copy_sells (user_id, request_id, copy_id, brokerage_account_id, quantity, status,
          filled_quantity, fill_price, filled_at)
       VALUES ($1, 'follower-sell-' || $2, $2::uuid, 'acct', $3, 'FILLED', $3, $4, now())`,
      [userId, copyId, quantity, price],
    );
    await dataSource.query(
      `UPDATE copy_engine.copy_instances SET status = 'CLOSED', exit_price = $2, closed_at = now() WHERE id = $1`,
      [copyId, price],
    );
  };
  const marksOf = async (copyId: string) =>
    (await dataSource.query(
      `SELECT to_char(trading_day, 'YYYY-MM-DD') AS day, price::text AS price FROM copy_engine.copy_day_marks
        WHERE copy_id = $1 ORDER BY trading_day`,
      [copyId],
    )) as Array<{ day: string; price: string }>;
  const stoppedBy = async (passes = 1) => {
    const stopped: string[] = [];
    for (let pass = 0; pass < passes; pass += 1) stopped.push(...(await evaluator.pass()).dailyLossStopped);
    return stopped;
  };

  it('stops automatic copying for the rest of the day once today’s realized plus unrealized loss passes the limit — once, skipping what was not sent yet', async () => {
    const [userId, traceId, symbol] = [await withLimit('150'), randomUUID(), ticker()];
    // Opened today: 10 at 100. Sold today: 1 bought at 100 today, sold at 40 (−60). Waiting to be sent: one automatic copy.
    const [open, closed, waiting] = await seedOpenCopies(dataSource.manager, [
      { userId, traceId, symbol, quantity: '10', entryPrice: '100' },
      { userId, traceId, symbol: ticker(), quantity: '1', entryPrice: '100' },
      { userId, traceId, symbol: ticker(), status: 'PENDING' },
    ]);
    await soldNow(userId, closed!, '1', '40');
    // 95: 50 unrealized + 60 realized = 110, within 150.
    world.quotes.set(symbol, 95);
    expect((await evaluator.pass()).dailyLossStopped).not.toContain(userId);
    // 90: 100 + 60 = 160, past 150.
    world.quotes.set(symbol, 90);
    expect((await evaluator.pass()).dailyLossStopped).toEqual([userId]);
    expect((await evaluator.pass()).dailyLossStopped).toEqual([]);

    const [guards] = (await dataSource.query(
      `SELECT to_char(daily_loss_stopped_on, 'YYYY-MM-DD') AS day FROM copy_engine.follower_guards WHERE user_id = $1`,
      [userId],
    )) as Array<{ day: string }>;
    expect(guards!.day).toBe(usTradingDayOf(new Date()));
    expect(await findCopyById(dataSource.manager, waiting!)).toMatchObject({
      status: 'FAILED',
      failureCode: CopyTradeErrorCode.SKIPPED_DAILY_LOSS,
      failureReason: CopyTradeMessages.dailyLossReached(150),
    });
    expect(await eventsOf(AutoCopyPaused.subject, userId)).toEqual([
      expect.objectContaining({ userId, traceId: null, reason: 'daily_loss' }),
    ]);
    // The limit stops new copies; it sells nothing.
    expect(await statusOf(open!)).toBe('OPEN');
    expect(ordersOf(open!)).toBe(0);
  });

  it('counts what a copy held from yesterday lost today, from its first valuation of the day — not from its entry', async () => {
    const [userId, traceId, symbol] = [await withLimit('150'), randomUUID(), ticker()];
    const [held] = await seedOpenCopies(dataSource.manager, [
      { userId, traceId, symbol, quantity: '10', entryPrice: '100' },
    ]);
    await heldSinceYesterday(held!);
    // Up 30 since its entry when today's first pass values it: its day starts at 130.
    world.quotes.set(symbol, 130);
    expect(await stoppedBy()).not.toContain(userId);
    expect(await marksOf(held!)).toEqual([{ day: today(), price: '130' }]);
    // 120: 100 lost today, within 150 (still 200 above its entry). The mark stays the first valuation.
    world.quotes.set(symbol, 120);
    expect(await stoppedBy()).not.toContain(userId);
    expect(await marksOf(held!)).toEqual([{ day: today(), price: '130' }]);
    // 114: 160 lost today, past 150 — though the copy is still above its entry.
    world.quotes.set(symbol, 114);
    expect(await stoppedBy(2)).toEqual(expect.arrayContaining([userId]));
    const [guards] = (await dataSource.query(
      `SELECT to_char(daily_loss_stopped_on, 'YYYY-MM-DD') AS day FROM copy_engine.follower_guards WHERE user_id = $1`,
      [userId],
    )) as Array<{ day: string }>;
    expect(guards!.day).toBe(today());
    expect(await eventsOf(AutoCopyPaused.subject, userId)).toHaveLength(1);
  });

  it('does not stop for copies held from yesterday that are flat today, whatever they gained or lost before', async () => {
    const [gainer, loser, traceId, gained, lost] = [
      await withLimit('150'),
      await withLimit('150'),
      randomUUID(),
      ticker(),
      ticker(),
    ];
    const copies = await seedOpenCopies(dataSource.manager, [
      { userId: gainer, traceId, symbol: gained, quantity: '10', entryPrice: '100' },
      { userId: loser, traceId, symbol: lost, quantity: '10', entryPrice: '100' },
    ]);
    for (const copyId of copies) await heldSinceYesterday(copyId);
    // One gained 30 a share before today, the other lost 20: 200 below its entry, past the limit if counted from there.
    world.quotes.set(gained, 130).set(lost, 80);
    const flat = await stoppedBy(3);
    expect(flat).not.toContain(gainer);
    expect(flat).not.toContain(loser);
    // Today the loser falls 7 more: 70 lost today, within 150; 14 more: 140, 150 is not passed either.
    world.quotes.set(lost, 73);
    expect(await stoppedBy()).not.toContain(loser);
    world.quotes.set(lost, 65);
    expect(await stoppedBy()).not.toContain(loser);
    // A cent past it.
    world.quotes.set(lost, 64.99);
    expect(await stoppedBy()).toEqual(expect.arrayContaining([loser]));
    expect(await stoppedBy()).not.toContain(gainer);
  });

  it('counts a sell today of a copy held from yesterday against its start-of-day mark, or its entry when it has none', async () => {
    const [marked, unmarked, traceId] = [await withLimit('150'), await withLimit('150'), randomUUID()];
    const [symbol, other] = [ticker(), ticker()];
    const [withMark, withoutMark] = await seedOpenCopies(dataSource.manager, [
      { userId: marked, traceId, symbol, quantity: '10', entryPrice: '100' },
      { userId: unmarked, traceId, symbol: other, quantity: '10', entryPrice: '100' },
    ]);
    await heldSinceYesterday(withMark!);
    await heldSinceYesterday(withoutMark!);
    world.quotes.set(symbol, 130);
    expect(await stoppedBy()).not.toContain(marked);
    expect(await marksOf(withMark!)).toEqual([{ day: today(), price: '130' }]);
    // Sold at 114: 140 above its entry, but 160 below where its day started.
    await soldNow(marked, withMark!, '10', '114');
    // Never quoted today (no mark), sold at 84: 160 below its entry.
    await soldNow(unmarked, withoutMark!, '10', '84');
    const stopped = await stoppedBy();
    expect(stopped).toContain(marked);
    expect(stopped).toContain(unmarked);
  });

  it('leaves a copy that cannot be quoted unmarked and deletes marks older than a few days', async () => {
    const [userId, traceId, quoted, unquoted] = [await withLimit('1000'), randomUUID(), ticker(), ticker()];
    const [copyId, notQuoted] = await seedOpenCopies(dataSource.manager, [
      { userId, traceId, symbol: quoted, quantity: '1', entryPrice: '100' },
      { userId, traceId, symbol: unquoted, quantity: '1', entryPrice: '100', currentPrice: '50' },
    ]);
    await heldSinceYesterday(copyId!);
    await heldSinceYesterday(notQuoted!);
    await dataSource.query(
      `INSERT INTO copy_engine.copy_day_marks (copy_id, trading_day, price)
       VALUES ($1, $2::date - 5, 90), ($1, $2::date - 1, 95)`,
      [copyId, today()],
    );
    world.quotes.set(quoted, 101);
    await evaluator.pass();
    const yesterday = (await marksOf(copyId!))[0]!.day;
    expect(await marksOf(copyId!)).toEqual([
      { day: yesterday, price: '95' },
      { day: today(), price: '101' },
    ]);
    expect(yesterday < today()).toBe(true);
    expect(await marksOf(notQuoted!)).toEqual([]);
  });
});
