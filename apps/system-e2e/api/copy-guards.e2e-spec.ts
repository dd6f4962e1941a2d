import { randomUUID } from 'node:crypto';
import { CopyGuardMessages } from '@copytrade/contracts';
import request from 'supertest';
import type { ApiSession } from '../src/support/api-session';
import { clientAt, signUp } from '../src/support/identity-flows';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/**
 * /api/copy-guards through the gateway against the started product: every setting saved and shown in the very
 * next read, every refusal a 400 with its message (never a 500), other users' ids refused or ignored (never acted
 * on), CSRF and a session required.
 */
const suite = useTestPlatform('copy_guards');
let user: ApiSession;
let userId: string;
let demo: ApiSession;
let demoId: string;

const TRACE = randomUUID();
const OTHER_TRACE = randomUUID();

beforeAll(async () => {
  user = clientAt(suite.platform.url);
  userId = (await signUp(user)).response.body.user.id;
  demo = clientAt(suite.platform.url);
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
});

/** The demo user's guards as stored: they must never change through the user's calls. */
const demoRows = async () => ({
  follower: (await suite.db.query('SELECT * FROM copy_engine.follower_guards WHERE user_id = $1', [demoId])).rows,
  traces: (await suite.db.query('SELECT * FROM copy_engine.trace_guards WHERE user_id = $1', [demoId])).rows,
});

const refusal = async (call: Promise<request.Response>, status = 400) => {
  const response = await call;
  expect(response.status).toBe(status);
  expect(response.body).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
  return response.body.message as string;
};

describe('follower-wide guards', () => {
  it('starts with every default', async () => {
    const response = await user.get('/api/copy-guards');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      guards: {
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
      },
    });
  });

  it('saves every setting, shows it in the next read, and turns optional ones off with null', async () => {
    const saved = await user.put('/api/copy-guards', {
      priceProtectionPercent: 2.5,
      maxShareAgeMinutes: 30,
      dailyLossLimit: 1500.5,
      marketClosedPolicy: 'next_open',
      sizingMode: 'account_percent',
      sizingPercent: 10,
      copyOpenPositions: true,
    });
    expect(saved.status).toBe(200);
    const expected = {
      priceProtectionPercent: 2.5,
      maxShareAgeMinutes: 30,
      dailyLossLimit: 1500.5,
      marketClosedPolicy: 'next_open',
      sizingMode: 'account_percent',
      sizingPercent: 10,
      copyOpenPositions: true,
    };
    expect(saved.body).toMatchObject({ success: true, message: CopyGuardMessages.saved, guards: expected });
    expect((await user.get('/api/copy-guards')).body.guards).toMatchObject(expected);

    // The bounds themselves are allowed.
    for (const edge of [
      { priceProtectionPercent: 0.1 },
      { priceProtectionPercent: 20 },
      { maxShareAgeMinutes: 1 },
      { maxShareAgeMinutes: 1440 },
      { dailyLossLimit: 1 },
      { dailyLossLimit: 10_000_000 },
      { sizingPercent: 0.1 },
      { sizingPercent: 100 },
    ])
      expect((await user.put('/api/copy-guards', edge)).body.guards).toMatchObject(edge);

    const off = await user.put('/api/copy-guards', {
      priceProtectionPercent: null,
      maxShareAgeMinutes: null,
      dailyLossLimit: null,
      sizingMode: 'fixed',
      sizingPercent: null,
      marketClosedPolicy: 'skip',
      copyOpenPositions: false,
    });
    expect(off.status).toBe(200);
    expect((await user.get('/api/copy-guards')).body.guards).toMatchObject({
      priceProtectionPercent: null,
      maxShareAgeMinutes: null,
      dailyLossLimit: null,
      sizingMode: 'fixed',
      sizingPercent: null,
      marketClosedPolicy: 'skip',
      copyOpenPositions: false,
    });
  });

  it('refuses every out-of-range, wrongly typed or blank value with its message, changing nothing', async () => {
    await user.put('/api/copy-guards', { priceProtectionPercent: 3 });
    const before = (await user.get('/api/copy-guards')).body.guards;
    const cases: [object, string][] = [
      [{ priceProtectionPercent: 0.05 }, CopyGuardMessages.pricePercent],
      [{ priceProtectionPercent: 20.01 }, CopyGuardMessages.pricePercent],
      [{ priceProtectionPercent: '2' }, CopyGuardMessages.pricePercent],
      [{ priceProtectionPercent: '' }, CopyGuardMessages.pricePercent],
      [{ priceProtectionPercent: 1.234 }, CopyGuardMessages.tooManyDecimals],
      [{ maxShareAgeMinutes: 0 }, CopyGuardMessages.maxShareAgeMinutes],
      [{ maxShareAgeMinutes: 1441 }, CopyGuardMessages.maxShareAgeMinutes],
      [{ maxShareAgeMinutes: 2.5 }, CopyGuardMessages.maxShareAgeMinutes],
      [{ maxShareAgeMinutes: true }, CopyGuardMessages.maxShareAgeMinutes],
      [{ dailyLossLimit: 0.5 }, CopyGuardMessages.dailyLossLimit],
      [{ dailyLossLimit: 10_000_000.01 }, CopyGuardMessages.dailyLossLimit],
      [{ dailyLossLimit: [100] }, CopyGuardMessages.dailyLossLimit],
      [{ sizingPercent: 0 }, CopyGuardMessages.sizingPercent],
      [{ sizingPercent: 100.5 }, CopyGuardMessages.sizingPercent],
      [{ marketClosedPolicy: 'wait' }, CopyGuardMessages.marketClosedPolicy],
      [{ marketClosedPolicy: null }, CopyGuardMessages.marketClosedPolicy],
      [{ marketClosedPolicy: '' }, CopyGuardMessages.marketClosedPolicy],
      [{ sizingMode: 'percent' }, CopyGuardMessages.sizingMode],
      [{ sizingMode: null }, CopyGuardMessages.sizingMode],
      [{ copyOpenPositions: 'true' }, CopyGuardMessages.copyOpenPositions],
      [{ copyOpenPositions: null }, CopyGuardMessages.copyOpenPositions],
      [{ sizingMode: 'account_percent' }, CopyGuardMessages.sizingPercentRequired],
      [{ sizingMode: 'account_percent', sizingPercent: null }, CopyGuardMessages.sizingPercentRequired],
      [{}, CopyGuardMessages.nothingToUpdate],
    ];
    for (const [body, message] of cases)
      expect([body, await refusal(user.put('/api/copy-guards', body))]).toEqual([body, message]);
    // Not JSON objects at all.
    await refusal(user.send('put', '/api/copy-guards', '[1,2]', { 'content-type': 'application/json' }));
    await refusal(
      user.send('put', '/api/copy-guards', '{"priceProtectionPercent":', { 'content-type': 'application/json' }),
    );
    expect((await user.get('/api/copy-guards')).body.guards).toEqual(before);
  });

  it('shows when the daily loss limit stopped automatic copying today, and the day it resumes', async () => {
    await user.put('/api/copy-guards', { dailyLossLimit: 150 });
    // What the copy engine's pass records when the limit is passed: the US/Eastern day.
    const [{ today, tomorrow }] = (
      await suite.db.query(
        `UPDATE copy_engine.follower_guards
            SET daily_loss_stopped_on = (now() AT TIME ZONE 'America/New_York')::date
          WHERE user_id = $1
          RETURNING to_char(daily_loss_stopped_on, 'YYYY-MM-DD') AS today,
                    to_char(daily_loss_stopped_on + 1, 'YYYY-MM-DD') AS tomorrow`,
        [userId],
      )
    ).rows;
    const stopped = await user.get('/api/copy-guards');
    expect(stopped.status).toBe(200);
    expect(stopped.body.guards).toMatchObject({
      dailyLossLimit: 150,
      dailyLossStoppedOn: today,
      dailyLossResumesOn: tomorrow,
    });
    // Yesterday's stop is over: not shown.
    await suite.db.query(
      `UPDATE copy_engine.follower_guards SET daily_loss_stopped_on = daily_loss_stopped_on - 1 WHERE user_id = $1`,
      [userId],
    );
    expect((await user.get('/api/copy-guards')).body.guards).toMatchObject({
      dailyLossStoppedOn: null,
      dailyLossResumesOn: null,
    });
    await user.put('/api/copy-guards', { dailyLossLimit: null });
  });

  it('stops all automatic copying (optionally asking to close them) and resumes it', async () => {
    expect(await refusal(user.post('/api/copy-guards/stop-all', { closeAutomaticCopies: 'yes' }))).toBe(
      CopyGuardMessages.closeAutomaticCopies,
    );
    const stopped = await user.post('/api/copy-guards/stop-all', { closeAutomaticCopies: true });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({
      success: true,
      closeAutomaticCopies: true,
      message: CopyGuardMessages.stopped,
      guards: { autoCopyStopped: true, autoCopyStoppedAt: expect.any(String) },
    });
    expect((await user.get('/api/copy-guards')).body.guards.autoCopyStopped).toBe(true);
    expect((await user.post('/api/copy-guards/stop-all')).body.closeAutomaticCopies).toBe(false);

    const resumed = await user.post('/api/copy-guards/resume-all');
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ message: CopyGuardMessages.resumed, guards: { autoCopyStopped: false } });
    expect((await user.get('/api/copy-guards')).body.guards).toMatchObject({
      autoCopyStopped: false,
      autoCopyStoppedAt: null,
    });
  });
});

describe('per-trace guards', () => {
  it('pauses and resumes one trace, and shows it in the next read and in the list', async () => {
    expect((await user.get(`/api/copy-guards/traces/${TRACE}`)).body).toEqual({
      success: true,
      traceGuards: {
        traceId: TRACE,
        autoCopyPaused: false,
        pausedReason: null,
        pausedAt: null,
        stopLossPercent: null,
        priceProtectionPercent: null,
        updatedAt: null,
      },
    });
    const paused = await user.post(`/api/copy-guards/traces/${TRACE}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({
      message: CopyGuardMessages.tracePaused,
      traceGuards: { traceId: TRACE, autoCopyPaused: true, pausedReason: 'user' },
    });
    expect((await user.get(`/api/copy-guards/traces/${TRACE}`)).body.traceGuards.autoCopyPaused).toBe(true);
    const listed = await user.get(`/api/copy-guards/traces?traceIds=${TRACE},${OTHER_TRACE},${TRACE}`);
    expect(listed.status).toBe(200);
    expect(listed.body.traceGuards.map((guards: { traceId: string; autoCopyPaused: boolean }) => guards)).toEqual([
      expect.objectContaining({ traceId: TRACE, autoCopyPaused: true }),
      expect.objectContaining({ traceId: OTHER_TRACE, autoCopyPaused: false }),
    ]);

    const resumed = await user.post(`/api/copy-guards/traces/${TRACE}/resume`);
    expect(resumed.body).toMatchObject({
      message: CopyGuardMessages.traceResumed,
      traceGuards: { autoCopyPaused: false, pausedReason: null, pausedAt: null },
    });
    expect((await user.get(`/api/copy-guards/traces/${TRACE}`)).body.traceGuards.autoCopyPaused).toBe(false);
  });

  it('saves the copy stop-loss and the price-protection override, and clears them with null', async () => {
    const saved = await user.put(`/api/copy-guards/traces/${TRACE}`, {
      stopLossPercent: 5,
      priceProtectionPercent: 20,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.traceGuards).toMatchObject({ stopLossPercent: 5, priceProtectionPercent: 20 });
    expect(
      (await user.put(`/api/copy-guards/traces/${TRACE}`, { stopLossPercent: 95 })).body.traceGuards,
    ).toMatchObject({ stopLossPercent: 95, priceProtectionPercent: 20 });
    expect((await user.get(`/api/copy-guards/traces/${TRACE}`)).body.traceGuards).toMatchObject({
      stopLossPercent: 95,
      priceProtectionPercent: 20,
    });
    await user.put(`/api/copy-guards/traces/${TRACE}`, { stopLossPercent: null, priceProtectionPercent: null });
    expect((await user.get(`/api/copy-guards/traces/${TRACE}`)).body.traceGuards).toMatchObject({
      stopLossPercent: null,
      priceProtectionPercent: null,
    });
  });

  it('refuses bad values, bad trace ids and bad lists with 400 and a message', async () => {
    const cases: [object, string][] = [
      [{ stopLossPercent: 4.99 }, CopyGuardMessages.stopLossPercent],
      [{ stopLossPercent: 96 }, CopyGuardMessages.stopLossPercent],
      [{ stopLossPercent: '10' }, CopyGuardMessages.stopLossPercent],
      [{ priceProtectionPercent: 0 }, CopyGuardMessages.pricePercent],
      [{ priceProtectionPercent: 21 }, CopyGuardMessages.pricePercent],
      [{}, CopyGuardMessages.nothingToUpdate],
    ];
    for (const [body, message] of cases)
      expect([body, await refusal(user.put(`/api/copy-guards/traces/${TRACE}`, body))]).toEqual([body, message]);

    for (const bad of ['not-a-uuid', '123', `${TRACE}x`]) {
      expect(await refusal(user.get(`/api/copy-guards/traces/${bad}`))).toBe(CopyGuardMessages.traceIdInvalid);
      expect(await refusal(user.put(`/api/copy-guards/traces/${bad}`, { stopLossPercent: 10 }))).toBe(
        CopyGuardMessages.traceIdInvalid,
      );
      expect(await refusal(user.post(`/api/copy-guards/traces/${bad}/pause`))).toBe(CopyGuardMessages.traceIdInvalid);
      expect(await refusal(user.post(`/api/copy-guards/traces/${bad}/resume`))).toBe(CopyGuardMessages.traceIdInvalid);
    }
    const tooMany = Array.from({ length: 101 }, () => randomUUID()).join(',');
    for (const query of ['', '?traceIds=', '?traceIds=abc', `?traceIds=${TRACE},nope`, `?traceIds=${tooMany}`])
      expect(await refusal(user.get(`/api/copy-guards/traces${query}`))).toBe(CopyGuardMessages.traceIdsInvalid);
    const hundred = Array.from({ length: 100 }, () => randomUUID());
    expect((await user.get(`/api/copy-guards/traces?traceIds=${hundred.join(',')}`)).body.traceGuards).toHaveLength(
      100,
    );
  });
});

describe('only ever the session user', () => {
  it("refuses or ignores another user's id in the body, refuses a header naming them; never changes theirs", async () => {
    const before = await demoRows();
    for (const [path, method] of [
      ['/api/copy-guards', 'put'],
      ['/api/copy-guards/stop-all', 'post'],
      [`/api/copy-guards/traces/${TRACE}`, 'put'],
    ] as const) {
      const body = method === 'put' && path === '/api/copy-guards' ? { priceProtectionPercent: 9 } : {};
      const withTraceBody = path.includes('/traces/') ? { stopLossPercent: 50 } : body;
      expect((await user.send(method, path, { ...withTraceBody, userId: demoId })).status).toBe(400);
      expect((await user.send(method, path, withTraceBody, { 'user-id': demoId })).status).toBe(403);
      expect((await user.send(method, path, withTraceBody, { authorization: `Bearer ${demoId}` })).status).toBe(403);
    }
    // Calls that take no body ignore one: a userId in it is not read, the call acts for the session's user only.
    for (const path of [`/api/copy-guards/traces/${TRACE}/pause`, '/api/copy-guards/resume-all']) {
      expect((await user.send('post', path, { userId: demoId })).status).toBe(200);
      expect((await user.send('post', path, {}, { 'user-id': demoId })).status).toBe(403);
    }
    expect((await user.get(`/api/copy-guards/traces/${TRACE}`)).body.traceGuards.autoCopyPaused).toBe(true);
    expect((await user.send('get', '/api/copy-guards', undefined, { 'user-id': demoId })).status).toBe(403);
    // Naming oneself is fine.
    expect((await user.send('get', '/api/copy-guards', undefined, { 'user-id': userId })).status).toBe(200);
    // A query parameter naming someone else is no field of the query: refused, never read as the follower.
    expect((await user.get(`/api/copy-guards/traces?traceIds=${TRACE}&userId=${demoId}`)).status).toBe(400);
    expect(await demoRows()).toEqual(before);
  });

  it('admins, too, only see and change their own guards', async () => {
    await demo.put('/api/copy-guards', { dailyLossLimit: 250 });
    const admin = clientAt(suite.platform.url);
    await admin.login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await admin.get('/api/copy-guards')).body.guards.dailyLossLimit).toBeNull();
    expect((await admin.send('put', '/api/copy-guards', { dailyLossLimit: 1 }, { 'user-id': demoId })).status).toBe(
      403,
    );
    expect((await demo.get('/api/copy-guards')).body.guards.dailyLossLimit).toBe(250);
  });

  it('needs a session (401) and a CSRF token on every change (403)', async () => {
    const visitor = clientAt(suite.platform.url);
    expect((await visitor.get('/api/copy-guards')).status).toBe(401);
    expect((await visitor.get(`/api/copy-guards/traces/${TRACE}`)).status).toBe(401);
    expect((await visitor.put('/api/copy-guards', { priceProtectionPercent: 2 })).status).toBe(401);

    const noCsrf = [
      user.agent.put('/api/copy-guards').send({ priceProtectionPercent: 7 }),
      user.agent.post('/api/copy-guards/stop-all').send({}),
      user.agent.post('/api/copy-guards/resume-all').send({}),
      user.agent.put(`/api/copy-guards/traces/${TRACE}`).send({ stopLossPercent: 50 }),
      user.agent.post(`/api/copy-guards/traces/${TRACE}/pause`).send({}),
      user.agent.post(`/api/copy-guards/traces/${TRACE}/resume`).send({}),
    ];
    const before = (await user.get('/api/copy-guards')).body.guards;
    const traceBefore = (await user.get(`/api/copy-guards/traces/${TRACE}`)).body.traceGuards;
    for (const call of noCsrf) {
      const response = await call;
      expect(response.status).toBe(403);
      expect(response.body.success).toBe(false);
    }
    expect((await user.get('/api/copy-guards')).body.guards).toEqual(before);
    expect((await user.get(`/api/copy-guards/traces/${TRACE}`)).body.traceGuards).toEqual(traceBefore);
  });
});
