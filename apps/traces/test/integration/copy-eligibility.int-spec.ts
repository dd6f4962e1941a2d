import { randomUUID } from 'node:crypto';
import { CopyTradeErrorCode, CopyTradeMessages, type CopyEligibilityRpcPayload } from '@copytrade/contracts';
import { CheckCopyEligibilityUseCase } from '../../src/modules/copy-eligibility/copy-eligibility.use-case';
import type { TraceEntity, TradeEntity } from '../../src/modules/shared/entities';
import { call, followedTrace, outcomeWithMessage, useTracesTestEnv } from '../support/traces-test-env';

/**
 * rpc.traces.copy-eligibility.check against real PostgreSQL with the real migrations: the trade checks (exists,
 * shared, open) come before the user's right (owner; else copying allowed, an active subscription, a tier at or above
 * the trade's, a tier that can copy), each refusal with its code and message; the trade answered with prices per
 * share (options stored per contract in hundredths).
 */
const env = useTracesTestEnv('copy_eligibility');
let useCase: CheckCopyEligibilityUseCase;
let trace: TraceEntity;
const owner = randomUUID();
const users = { vip: randomUUID(), basic: randomUUID(), free: randomUUID(), ended: randomUUID(), none: randomUUID() };
const trades: Record<string, TradeEntity> = {};

const check = (userId: string, tradeId: string, actor = userId) =>
  useCase.execute(call<CopyEligibilityRpcPayload>(actor, { userId, tradeId }));
const refusal = (userId: string, tradeId: string) => outcomeWithMessage(check(userId, tradeId));

beforeAll(async () => {
  useCase = new CheckCopyEligibilityUseCase(env.dataSource);
  const seeded = await followedTrace(env.dataSource, { ownerUserId: owner, name: 'Copyable', handlePrefix: 'copy' });
  trace = seeded.trace;
  const { join, addTrade } = seeded;
  await join(users.vip, 'vip');
  await join(users.basic, 'basic');
  await join(users.free, 'free');
  await join(users.ended, 'vip');
  await env.dataSource.query(`UPDATE traces.subscriptions SET status = 'ended', ended_at = now() WHERE user_id = $1`, [
    users.ended,
  ]);
  Object.assign(trades, await seeded.addRuleTrades());
  trades.option = await addTrade({
    symbol: 'SPY',
    isOptions: true,
    optionType: 'call',
    optionsTicker: 'SPY   260320C00500000',
    strikePrice: '500',
    expirationDate: '2026-03-20',
    contractMultiplier: 100,
    quantity: '2',
    price: '25000', // $2.50 per share × 100 per contract, in hundredths
    currentPrice: '30000',
  });
});

describe('the trade comes first', () => {
  it('unknown-trade-is-404, whatever the user', async () => {
    for (const tradeId of [randomUUID(), 'not-a-uuid'])
      expect(await refusal(users.none, tradeId)).toBe(
        `404 ${CopyTradeErrorCode.TRADE_NOT_FOUND} ${CopyTradeMessages.tradeNotFound}`,
      );
  });

  it('private-trade-is-not-copyable, even for its owner', async () => {
    for (const userId of [owner, users.vip])
      expect(await refusal(userId, trades.private!.id)).toBe(
        `409 ${CopyTradeErrorCode.TRADE_NOT_SHARED} ${CopyTradeMessages.tradeNotShared}`,
      );
  });

  it('closed-trade-is-not-copyable, before any access check', async () => {
    expect(await refusal(users.none, trades.closed!.id)).toBe(
      `409 ${CopyTradeErrorCode.TRADE_CLOSED} ${CopyTradeMessages.tradeClosed}`,
    );
  });
});

describe("then the user's right", () => {
  it('owner-copies-without-subscribing', async () => {
    const reply = await check(owner, trades.premium!.id);
    expect(reply.access).toEqual({ role: 'owner' });
  });

  it('non-subscriber-and-ended-subscription-need-a-subscription', async () => {
    for (const userId of [users.none, users.ended])
      expect(await refusal(userId, trades.basic!.id)).toBe(
        `403 ${CopyTradeErrorCode.SUBSCRIPTION_REQUIRED} ${CopyTradeMessages.subscriptionRequired}`,
      );
  });

  it('tier-below-the-trade-is-refused', async () => {
    expect(await refusal(users.basic, trades.premium!.id)).toBe(
      `403 ${CopyTradeErrorCode.TIER_TOO_LOW} ${CopyTradeMessages.tierTooLow('premium', 'basic')}`,
    );
  });

  it('tier-without-canCopyTrades-is-refused even when it ranks high enough', async () => {
    expect(await refusal(users.free, trades.freeTier!.id)).toBe(
      `403 ${CopyTradeErrorCode.TIER_CANNOT_COPY} ${CopyTradeMessages.tierCannotCopy('free')}`,
    );
  });

  it('subscriber-at-or-above-the-tier-may-copy, with the trade as the copy needs it', async () => {
    expect((await check(users.basic, trades.basic!.id)).access).toEqual({ role: 'subscriber', tier: 'basic' });
    const reply = await check(users.vip, trades.premium!.id);
    expect(reply.access).toEqual({ role: 'subscriber', tier: 'vip' });
    expect(reply.trade).toMatchObject({
      id: trades.premium!.id,
      traceId: trace.id,
      traceName: 'Copyable',
      ownerUserId: owner,
      symbol: 'MSFT',
      side: 'buy',
      quantity: '10',
      entryPrice: '150.25',
      currentPrice: '151',
      isOptions: false,
      contractMultiplier: 1,
      requiredTier: 'premium',
      sharedAt: '2026-01-05T15:30:00.000Z',
    });
  });

  it('options-trade-answers-per-share-prices-and-its-contract', async () => {
    const { trade } = await check(users.vip, trades.option!.id);
    expect(trade).toMatchObject({
      isOptions: true,
      optionType: 'call',
      strikePrice: '500',
      expirationDate: '2026-03-20',
      contractMultiplier: 100,
      optionsTicker: 'SPY   260320C00500000',
      entryPrice: '2.5',
      currentPrice: '3',
      quantity: '2',
    });
  });

  it('a-trace-that-disallows-copying-refuses-followers-but-not-its-owner', async () => {
    await env.dataSource.query(`UPDATE traces.traces SET allow_copying = false WHERE id = $1`, [trace.id]);
    try {
      expect(await refusal(users.vip, trades.basic!.id)).toBe(
        `403 ${CopyTradeErrorCode.COPYING_DISABLED} ${CopyTradeMessages.copyingDisabled}`,
      );
      expect((await check(owner, trades.basic!.id)).access).toEqual({ role: 'owner' });
    } finally {
      await env.dataSource.query(`UPDATE traces.traces SET allow_copying = true WHERE id = $1`, [trace.id]);
    }
  });

  it('asking-for-someone-else-is-403', async () => {
    expect(await outcomeWithMessage(check(users.vip, trades.basic!.id, users.basic))).toMatch(/^403 FORBIDDEN/);
  });
});
