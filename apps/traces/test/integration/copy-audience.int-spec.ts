import { randomUUID } from 'node:crypto';
import type { CopyAudienceRpcPayload, CopyAudienceRpcReply } from '@copytrade/contracts';
import { CopyAudienceUseCase } from '../../src/modules/copy-eligibility/copy-audience.use-case';
import type { TraceEntity, TradeEntity } from '../../src/modules/shared/entities';
import { followedTrace, useTracesTestEnv } from '../support/traces-test-env';

/**
 * rpc.traces.copy-audience.list against real PostgreSQL with the real migrations: the followers of a shared trade
 * who may have it copied automatically — active subscribers (never the owner) whose tier ranks at or above the
 * trade's and has canCopyTrades — paged by keyset; nobody for a private, closed or uncopyable trade.
 */
const env = useTracesTestEnv('copy_audience');
let useCase: CopyAudienceUseCase;
let trace: TraceEntity;
const owner = randomUUID();
const users = {
  vip: randomUUID(),
  premium: randomUUID(),
  basic: randomUUID(),
  free: randomUUID(),
  ended: randomUUID(),
};
const trades: Record<string, TradeEntity> = {};

const list = (tradeId: string, page: Partial<CopyAudienceRpcPayload> = {}): Promise<CopyAudienceRpcReply> =>
  useCase.execute({ requestId: randomUUID(), payload: { tradeId, ...page } });

beforeAll(async () => {
  useCase = new CopyAudienceUseCase(env.dataSource);
  const seeded = await followedTrace(env.dataSource, { ownerUserId: owner, name: 'Audience', handlePrefix: 'aud' });
  trace = seeded.trace;
  const { tiers, join } = seeded;
  await join(users.vip, 'vip');
  await join(users.premium, 'premium');
  await join(users.basic, 'basic');
  await join(users.free, 'free');
  await join(users.ended, 'vip');
  // A subscription left from before the trace changed owner: its owner is still no follower.
  await env.dataSource.query(
    `INSERT INTO traces.subscriptions (trace_id, user_id, tier_id, tier_name, status) VALUES ($1, $2, $3, 'vip', 'active')`,
    [trace.id, owner, tiers.vip!.id],
  );
  await env.dataSource.query(`UPDATE traces.subscriptions SET status = 'ended', ended_at = now() WHERE user_id = $1`, [
    users.ended,
  ]);
  Object.assign(trades, await seeded.addRuleTrades());
});

const sorted = (ids: string[]) => [...ids].sort();

it('lists-active-subscribers-at-or-above-the-tier-that-can-copy, never the owner, with the trade', async () => {
  const reply = await list(trades.basic!.id);
  expect(reply.copyable).toBe(true);
  expect(reply.userIds).toEqual(sorted([users.vip, users.premium, users.basic]));
  expect(reply.nextCursor).toBeNull();
  expect(reply.trade).toMatchObject({ id: trades.basic!.id, traceName: 'Audience', entryPrice: '150.25' });
  expect((await list(trades.premium!.id)).userIds).toEqual(sorted([users.vip, users.premium]));
});

it('a-tier-without-canCopyTrades-is-left-out even when it ranks high enough', async () => {
  expect((await list(trades.freeTier!.id)).userIds).toEqual(sorted([users.vip, users.premium, users.basic]));
});

it('pages-by-keyset: every follower once, in order', async () => {
  const seen: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const reply: CopyAudienceRpcReply = await list(trades.basic!.id, { after, limit: 1 });
    seen.push(...reply.userIds);
    after = reply.nextCursor;
    pages += 1;
  } while (after);
  expect(seen).toEqual(sorted([users.vip, users.premium, users.basic]));
  expect(pages).toBe(4); // three full pages of one, then an empty last page
});

it('nobody-for-a-private-closed-unknown-or-uncopyable-trade', async () => {
  for (const tradeId of [trades.private!.id, trades.closed!.id]) {
    const reply = await list(tradeId);
    expect(reply).toMatchObject({ copyable: false, userIds: [], nextCursor: null });
    expect(reply.trade?.id).toBe(tradeId);
  }
  expect(await list(randomUUID())).toEqual({ trade: null, copyable: false, userIds: [], nextCursor: null });
  await env.dataSource.query(`UPDATE traces.traces SET allow_copying = false WHERE id = $1`, [trace.id]);
  try {
    expect(await list(trades.basic!.id)).toMatchObject({ copyable: false, userIds: [] });
  } finally {
    await env.dataSource.query(`UPDATE traces.traces SET allow_copying = true WHERE id = $1`, [trace.id]);
  }
});
