import { randomUUID } from 'node:crypto';
import type { CopyableOpenTradesRpcPayload, CopyableOpenTradesRpcReply } from '@copytrade/contracts';
import { CopyableOpenTradesUseCase } from '../../src/modules/copy-eligibility/copyable-open-trades.use-case';
import type { TraceEntity, TradeEntity } from '../../src/modules/shared/entities';
import { followedTrace, useTracesTestEnv } from '../support/traces-test-env';

/**
 * rpc.traces.copyable-open-trades.list against real PostgreSQL with the real migrations: a trace's trades one
 * follower may have copied automatically — shared, open, at or below their tier, the tier able to copy, the
 * subscription active, the trace copyable, never for its owner — paged by keyset on the trade id.
 */
const env = useTracesTestEnv('copyable_open_trades');
let useCase: CopyableOpenTradesUseCase;
let trace: TraceEntity;
const owner = randomUUID();
const users = { vip: randomUUID(), basic: randomUUID(), free: randomUUID(), ended: randomUUID(), none: randomUUID() };
const trades: Record<string, TradeEntity> = {};
let otherTraceTrade: TradeEntity;

const list = (userId: string, page: Partial<CopyableOpenTradesRpcPayload> = {}): Promise<CopyableOpenTradesRpcReply> =>
  useCase.execute({ requestId: randomUUID(), payload: { traceId: trace.id, userId, ...page } });
const ids = (reply: CopyableOpenTradesRpcReply) => reply.trades.map((trade) => trade.id);
const sorted = (values: string[]) => [...values].sort();

beforeAll(async () => {
  useCase = new CopyableOpenTradesUseCase(env.dataSource);
  const seeded = await followedTrace(env.dataSource, { ownerUserId: owner, name: 'Open', handlePrefix: 'open' });
  trace = seeded.trace;
  await seeded.join(users.vip, 'vip');
  await seeded.join(users.basic, 'basic');
  await seeded.join(users.free, 'free');
  await seeded.join(users.ended, 'vip');
  await env.dataSource.query(`UPDATE traces.subscriptions SET status = 'ended', ended_at = now() WHERE user_id = $1`, [
    users.ended,
  ]);
  // The owner subscribed to their own trace (a subscription left from before it changed owner): still not a follower.
  await env.dataSource.query(
    `INSERT INTO traces.subscriptions (trace_id, user_id, tier_id, tier_name, status) VALUES ($1, $2, $3, 'vip', 'active')`,
    [trace.id, owner, seeded.tiers.vip!.id],
  );
  Object.assign(trades, await seeded.addRuleTrades());
  const other = await followedTrace(env.dataSource, { ownerUserId: owner, name: 'Other', handlePrefix: 'other' });
  await other.join(users.vip, 'vip');
  otherTraceTrade = await other.addTrade();
});

it('answers-the-shared-open-trades-at-or-below-the-followers-tier, as a copy needs them', async () => {
  const vip = await list(users.vip);
  expect(ids(vip)).toEqual(sorted([trades.basic!.id, trades.premium!.id, trades.freeTier!.id]));
  expect(ids(vip)).not.toContain(otherTraceTrade.id);
  expect(vip.nextCursor).toBeNull();
  expect(vip.trades.find((trade) => trade.id === trades.basic!.id)).toMatchObject({
    traceId: trace.id,
    traceName: 'Open',
    ownerUserId: owner,
    symbol: 'AAPL',
    entryPrice: '150.25',
    requiredTier: 'basic',
  });
  expect(ids(await list(users.basic))).toEqual(sorted([trades.basic!.id, trades.freeTier!.id]));
});

it('nothing-for-a-tier-that-cannot-copy, an ended or missing subscription, or the owner', async () => {
  for (const userId of [users.free, users.ended, users.none, owner])
    expect(await list(userId)).toEqual({ trades: [], nextCursor: null });
});

it('nothing-when-the-trace-does-not-allow-copying', async () => {
  await env.dataSource.query(`UPDATE traces.traces SET allow_copying = false WHERE id = $1`, [trace.id]);
  try {
    expect(await list(users.vip)).toEqual({ trades: [], nextCursor: null });
  } finally {
    await env.dataSource.query(`UPDATE traces.traces SET allow_copying = true WHERE id = $1`, [trace.id]);
  }
});

it('pages-by-keyset: every trade once, in order', async () => {
  const seen: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const reply: CopyableOpenTradesRpcReply = await list(users.vip, { after, limit: 3 });
    seen.push(...ids(reply));
    after = reply.nextCursor;
    pages += 1;
  } while (after);
  expect(seen).toEqual(sorted([trades.basic!.id, trades.premium!.id, trades.freeTier!.id]));
  expect(pages).toBe(2);
});
