import { randomUUID } from 'node:crypto';
import { CopyGuardMessages, type RpcRequest } from '@copytrade/contracts';
import { devSignedActor, DomainException, OutboxWriter, usTradingDayAfter, usTradingDayOf } from '@copytrade/nest';
import { createTestDatabase, type TestDatabase } from '@copytrade/testing';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { COPY_ENGINE_SCHEMA, copyEngineDataSourceOptions } from '../../src/database/data-source';
import type { AutoCopyCloser } from '../../src/modules/auto-copy/auto-copy-closer';
import {
  findFollowerGuards,
  findTraceGuards,
  followerGuardsOf,
  pauseTraceAutoCopy,
  traceGuardsOf,
} from '../../src/modules/copy-guards/copy-guards.store';
import { FollowerGuardsUseCase } from '../../src/modules/copy-guards/follower-guards.use-case';
import { TraceGuardsUseCase } from '../../src/modules/copy-guards/trace-guards.use-case';
import { runCopyEngineMigrations } from '../support/copy-engine-migrations';

/**
 * The follower's copy guards on real PostgreSQL with the real migrations: the store's reads (defaults without a
 * row, several followers at once), the use cases' changes, the kill switch, per-trace pause / resume, and the
 * refusals (another follower, nothing to change, % sizing without a percent).
 */
let database: TestDatabase;
let dataSource: DataSource;
let follower: FollowerGuardsUseCase;
let traces: TraceGuardsUseCase;

const DEFAULT_VIEW = {
  priceProtectionPercent: null,
  maxShareAgeMinutes: null,
  autoCopyStopped: false,
  autoCopyStoppedAt: null,
  dailyLossLimit: null,
  dailyLossStoppedOn: null,
  dailyLossResumesOn: null,
  marketClosedPolicy: 'skip',
  sizingMode: 'fixed',
  sizingPercent: null,
  copyOpenPositions: false,
  updatedAt: null,
};

const as = <T>(userId: string, payload: T): RpcRequest<T> => ({
  requestId: randomUUID(),
  actor: devSignedActor({ userId, isAdmin: false }),
  payload,
});
const refusal = async (promise: Promise<unknown>): Promise<DomainException> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainException);
  return error as DomainException;
};

beforeAll(async () => {
  database = await createTestDatabase('copy_guards');
  await runCopyEngineMigrations(database.url);
  dataSource = new DataSource(copyEngineDataSourceOptions(database.url) as DataSourceOptions);
  await dataSource.initialize();
  // The closes stop-all records and their sale are the copy stop-loss suite's (the closer is not run here).
  const outbox = new OutboxWriter({ schema: COPY_ENGINE_SCHEMA, producer: 'copy-engine' });
  follower = new FollowerGuardsUseCase(dataSource, outbox, { kick: () => undefined } as unknown as AutoCopyCloser);
  traces = new TraceGuardsUseCase(dataSource, outbox);
}, 60_000);
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

describe('follower-wide guards', () => {
  it('reads every default without a row, for one follower and several at once', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    expect((await follower.get(as(a, { userId: a }))).guards).toEqual(DEFAULT_VIEW);
    expect(await findFollowerGuards(dataSource.manager, a)).toMatchObject({ userId: a, sizingMode: 'fixed' });
    await follower.update(as(b, { userId: b, priceProtectionPercent: 2.5 }));
    const both = await followerGuardsOf(dataSource.manager, [a, b]);
    expect([...both.keys()].sort()).toEqual([a, b].sort());
    expect(both.get(a)!.priceProtectionPercent).toBeNull();
    expect(both.get(b)!.priceProtectionPercent).toBe('2.50');
    expect((await followerGuardsOf(dataSource.manager, [])).size).toBe(0);
  });

  it('changes only the settings sent, turns one off with null, and answers numbers', async () => {
    const user = randomUUID();
    const first = await follower.update(
      as(user, { userId: user, priceProtectionPercent: 2, maxShareAgeMinutes: 30, dailyLossLimit: 1500.75 }),
    );
    expect(first.guards).toMatchObject({ priceProtectionPercent: 2, maxShareAgeMinutes: 30, dailyLossLimit: 1500.75 });
    const second = await follower.update(
      as(user, {
        userId: user,
        priceProtectionPercent: null,
        marketClosedPolicy: 'next_open' as const,
        sizingMode: 'account_percent' as const,
        sizingPercent: 12.5,
        copyOpenPositions: true,
      }),
    );
    expect(second.guards).toMatchObject({
      priceProtectionPercent: null,
      maxShareAgeMinutes: 30,
      dailyLossLimit: 1500.75,
      marketClosedPolicy: 'next_open',
      sizingMode: 'account_percent',
      sizingPercent: 12.5,
      copyOpenPositions: true,
    });
    expect(second.guards.updatedAt).toEqual(expect.any(String));
    expect((await follower.get(as(user, { userId: user }))).guards).toEqual(second.guards);
  });

  it('refuses % of account sizing without a percent, sent or stored, and changes nothing then', async () => {
    const user = randomUUID();
    const error = await refusal(follower.update(as(user, { userId: user, sizingMode: 'account_percent' as const })));
    expect(error).toMatchObject({ status: 400, message: CopyGuardMessages.sizingPercentRequired });
    expect((await follower.get(as(user, { userId: user }))).guards).toEqual(DEFAULT_VIEW);

    await follower.update(as(user, { userId: user, sizingMode: 'account_percent' as const, sizingPercent: 5 }));
    const cleared = await refusal(follower.update(as(user, { userId: user, sizingPercent: null })));
    expect(cleared.message).toBe(CopyGuardMessages.sizingPercentRequired);
    expect((await follower.get(as(user, { userId: user }))).guards.sizingPercent).toBe(5);
    // Back to a fixed amount, the percent may go.
    const fixed = await follower.update(as(user, { userId: user, sizingMode: 'fixed' as const, sizingPercent: null }));
    expect(fixed.guards).toMatchObject({ sizingMode: 'fixed', sizingPercent: null });
  });

  it('refuses an empty change', async () => {
    const user = randomUUID();
    const error = await refusal(follower.update(as(user, { userId: user })));
    expect(error).toMatchObject({ status: 400, message: CopyGuardMessages.nothingToUpdate });
  });

  it('stops and resumes every automatic copy; stopping again keeps the first time; settings stay', async () => {
    const user = randomUUID();
    await follower.update(as(user, { userId: user, maxShareAgeMinutes: 60 }));
    const stopped = await follower.stopAll(as(user, { userId: user, closeAutomaticCopies: true }));
    expect(stopped).toMatchObject({
      closeAutomaticCopies: true,
      guards: { autoCopyStopped: true, maxShareAgeMinutes: 60 },
    });
    expect(stopped.guards.autoCopyStoppedAt).toEqual(expect.any(String));
    const again = await follower.stopAll(as(user, { userId: user }));
    expect(again.closeAutomaticCopies).toBe(false);
    expect(again.guards.autoCopyStoppedAt).toBe(stopped.guards.autoCopyStoppedAt);
    const resumed = await follower.resumeAll(as(user, { userId: user }));
    expect(resumed.guards).toMatchObject({ autoCopyStopped: false, autoCopyStoppedAt: null, maxShareAgeMinutes: 60 });
    // A follower with no row yet.
    const fresh = randomUUID();
    expect((await follower.stopAll(as(fresh, { userId: fresh }))).guards.autoCopyStopped).toBe(true);
  });

  it('shows the daily loss stop and the day copying resumes only while the day it stopped is today', async () => {
    const [user, earlier] = [randomUUID(), randomUUID()];
    const today = usTradingDayOf(new Date());
    await dataSource.query(
      `INSERT INTO copy_engine.follower_guards (user_id, daily_loss_limit, daily_loss_stopped_on)
       VALUES ($1, 150, $3::date), ($2, 150, $3::date - 1)`,
      [user, earlier, today],
    );
    expect((await follower.get(as(user, { userId: user }))).guards).toMatchObject({
      dailyLossLimit: 150,
      dailyLossStoppedOn: today,
      dailyLossResumesOn: usTradingDayAfter(today),
    });
    expect((await follower.get(as(earlier, { userId: earlier }))).guards).toMatchObject({
      dailyLossLimit: 150,
      dailyLossStoppedOn: null,
      dailyLossResumesOn: null,
    });
  });

  it("refuses another follower's guards (admins too) and a call without an actor, changing nothing", async () => {
    const [me, other] = [randomUUID(), randomUUID()];
    const admin = { requestId: 'r', actor: devSignedActor({ userId: me, isAdmin: true }) };
    const calls = [
      follower.get(as(me, { userId: other })),
      follower.update(as(me, { userId: other, priceProtectionPercent: 5 })),
      follower.update({ ...admin, payload: { userId: other, priceProtectionPercent: 5 } }),
      follower.stopAll(as(me, { userId: other })),
      follower.resumeAll(as(me, { userId: other })),
      traces.pause(as(me, { userId: other, traceId: randomUUID() })),
      traces.update(as(me, { userId: other, traceId: randomUUID(), stopLossPercent: 10 })),
      traces.list(as(me, { userId: other, traceIds: [randomUUID()] })),
    ];
    for (const call of calls) expect(await refusal(call)).toMatchObject({ status: 403 });
    expect(await refusal(follower.get({ requestId: 'r', payload: { userId: other } }))).toMatchObject({ status: 401 });
    expect((await findFollowerGuards(dataSource.manager, other)).updatedAt).toBeNull();
    const [{ count }] = await dataSource.query(
      'SELECT count(*)::int AS count FROM copy_engine.trace_guards WHERE user_id = $1',
      [other],
    );
    expect(count).toBe(0);
  });
});

/** The AutoCopyResumed events the follower's resumes wrote to the outbox. */
const resumedEventsOf = async (userId: string): Promise<unknown[]> =>
  (
    (await dataSource.query(
      `SELECT envelope->'data' AS data FROM copy_engine.outbox
        WHERE envelope->>'type' = 'AutoCopyResumed' AND envelope->'data'->>'userId' = $1 ORDER BY position`,
      [userId],
    )) as Array<{ data: unknown }>
  ).map((row) => row.data);

describe('per-trace guards', () => {
  it('pauses with the reason user and resumes (clearing the reason), per trace', async () => {
    const [user, trace, otherTrace] = [randomUUID(), randomUUID(), randomUUID()];
    const paused = await traces.pause(as(user, { userId: user, traceId: trace }));
    expect(paused.traceGuards).toMatchObject({ traceId: trace, autoCopyPaused: true, pausedReason: 'user' });
    expect(paused.traceGuards.pausedAt).toEqual(expect.any(String));
    expect((await traces.get(as(user, { userId: user, traceId: otherTrace }))).traceGuards).toMatchObject({
      autoCopyPaused: false,
      pausedReason: null,
    });
    const resumed = await traces.resume(as(user, { userId: user, traceId: trace }));
    expect(resumed.traceGuards).toMatchObject({ autoCopyPaused: false, pausedReason: null, pausedAt: null });
    // Resuming a trace never paused answers the defaults.
    expect((await traces.resume(as(user, { userId: user, traceId: otherTrace }))).traceGuards.autoCopyPaused).toBe(
      false,
    );
    // Only the resume of a paused trace says so (its consumer copies open positions for those who asked): once.
    expect(await resumedEventsOf(user)).toEqual([{ userId: user, traceId: trace, resumedAt: expect.any(String) }]);
    await traces.resume(as(user, { userId: user, traceId: trace }));
    expect(await resumedEventsOf(user)).toHaveLength(1);
  });

  it('a pause by the follower over a limit-reached pause takes the reason user; resume clears either', async () => {
    const [user, trace] = [randomUUID(), randomUUID()];
    await pauseTraceAutoCopy(dataSource.manager, user, trace, 'stop_loss');
    expect((await findTraceGuards(dataSource.manager, user, trace)).pausedReason).toBe('stop_loss');
    expect((await traces.pause(as(user, { userId: user, traceId: trace }))).traceGuards.pausedReason).toBe('user');
    await pauseTraceAutoCopy(dataSource.manager, user, trace, 'daily_loss');
    expect((await traces.resume(as(user, { userId: user, traceId: trace }))).traceGuards).toMatchObject({
      autoCopyPaused: false,
      pausedReason: null,
    });
  });

  it('sets the stop-loss and the price-protection override, keeps the pause, and clears with null', async () => {
    const [user, trace] = [randomUUID(), randomUUID()];
    await traces.pause(as(user, { userId: user, traceId: trace }));
    const set = await traces.update(
      as(user, { userId: user, traceId: trace, stopLossPercent: 25, priceProtectionPercent: 1.5 }),
    );
    expect(set.traceGuards).toMatchObject({ stopLossPercent: 25, priceProtectionPercent: 1.5, autoCopyPaused: true });
    const cleared = await traces.update(as(user, { userId: user, traceId: trace, stopLossPercent: null }));
    expect(cleared.traceGuards).toMatchObject({ stopLossPercent: null, priceProtectionPercent: 1.5 });
    expect(await refusal(traces.update(as(user, { userId: user, traceId: trace })))).toMatchObject({
      status: 400,
      message: CopyGuardMessages.nothingToUpdate,
    });
  });

  it('lists several traces of one follower (defaults for the rest) and reads one trace for several followers', async () => {
    const [a, b, trace, untouched] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await traces.update(as(a, { userId: a, traceId: trace, stopLossPercent: 10 }));
    await traces.pause(as(b, { userId: b, traceId: trace }));
    const listed = await traces.list(as(a, { userId: a, traceIds: [trace, untouched] }));
    expect(listed.traceGuards.map((guards) => [guards.traceId, guards.stopLossPercent])).toEqual([
      [trace, 10],
      [untouched, null],
    ]);
    const ofTrace = await traceGuardsOf(dataSource.manager, trace, [a, b, randomUUID()]);
    expect(ofTrace.size).toBe(3);
    expect(ofTrace.get(a)).toMatchObject({ stopLossPercent: '10.00', autoCopyPaused: false });
    expect(ofTrace.get(b)).toMatchObject({ autoCopyPaused: true, pausedReason: 'user' });
  });
});
