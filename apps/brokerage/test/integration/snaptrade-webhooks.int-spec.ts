import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  BrokerageAccountUpdated,
  EVENTS_STREAM,
  type BrokerageAccountUpdatedV1,
  type EventEnvelope,
  type SnaptradeWebhookRpcReply,
} from '@copytrade/contracts';
import { expectEventually, signFakeWebhook, snaptradeTimestamp, type FakeWebhookInput } from '@copytrade/testing';
import { SnaptradeWebhooksRetention } from '../../src/modules/webhooks/snaptrade-webhooks-retention.service';
import { SnaptradeWebhooksController } from '../../src/modules/webhooks/snaptrade-webhooks.controller';
import { startBrokerageApp, type BrokerageTestApp } from '../support/brokerage-test-app';
import { connectSnaptradeUser, startSnaptradeBrokerageApp, type SnaptradeTestApp } from '../support/snaptrade-test-app';

/**
 * SnapTrade's webhooks in the brokerage service (real PostgreSQL, real JetStream, the real SDK against the fake
 * SnapTrade for the user's registration and connection), signed as SnapTrade signs them (the fake's signer):
 * what is refused, what becomes BrokerageAccountUpdated on the stream, and that a webhookId acts once.
 */
let ctx: SnaptradeTestApp;
let nc: NatsConnection;

beforeAll(async () => {
  ctx = await startSnaptradeBrokerageApp('snaptrade_webhooks');
  nc = await connect({ servers: ctx.config.NATS_URL });
}, 60_000);

afterAll(async () => {
  await nc?.close();
  await ctx?.close();
});

/** A user registered with SnapTrade (the fake) and connected through its portal: their ids there. */
async function snaptradeUser(): Promise<{ userId: string; providerUserId: string; accountId: string; authId: string }> {
  const userId = randomUUID();
  const { providerUserId, redirect, accountIds } = await connectSnaptradeUser(ctx, userId);
  return {
    userId,
    providerUserId,
    accountId: accountIds[0]!,
    authId: redirect.searchParams.get('connection_id')!,
  };
}

/** What the gateway hands on: the body as SnapTrade sent it, and its Signature header. */
function deliver(
  input: FakeWebhookInput,
  { key = ctx.fake.consumerKey, tamper }: { key?: string; tamper?: (body: string) => string } = {},
): Promise<SnaptradeWebhookRpcReply> {
  const payload = {
    webhookId: randomUUID(),
    clientId: ctx.fake.clientId,
    eventTimestamp: snaptradeTimestamp(),
    ...input,
  };
  const { body, signature } = signFakeWebhook(key, payload);
  return ctx.app.get(SnaptradeWebhooksController).receiveWebhook({
    requestId: `webhook-${randomUUID()}`,
    payload: { body: tamper ? tamper(body) : body, signature },
  });
}

const holdingsUpdated = (user: { providerUserId: string; accountId: string; authId: string }, webhookId?: string) => ({
  eventType: 'ACCOUNT_HOLDINGS_UPDATED',
  userId: user.providerUserId,
  accountId: user.accountId,
  brokerageAuthorizationId: user.authId,
  ...(webhookId ? { webhookId } : {}),
  details: { positions: { success: true, error: null }, orders: { success: true, error: null } },
});

/** BrokerageAccountUpdated events of the user as written to the outbox. */
const outboxEvents = async (userId: string) =>
  (
    (await ctx.dataSource.query(
      `SELECT envelope FROM brokerage.outbox WHERE subject = $1 AND envelope->'data'->>'userId' = $2 ORDER BY position`,
      [BrokerageAccountUpdated.subject, userId],
    )) as Array<{ envelope: EventEnvelope<BrokerageAccountUpdatedV1> }>
  ).map((row) => row.envelope);

/** The same events as JetStream holds them (the relay published them). */
async function streamEvents(userId: string): Promise<Array<EventEnvelope<BrokerageAccountUpdatedV1>>> {
  const consumer = await jetstream(nc).consumers.get(EVENTS_STREAM, {
    filter_subjects: BrokerageAccountUpdated.subject,
  });
  const found: Array<EventEnvelope<BrokerageAccountUpdatedV1>> = [];
  const messages = await consumer.fetch({ max_messages: 1_000, expires: 1_000 });
  for await (const msg of messages) {
    const envelope = msg.json<EventEnvelope<BrokerageAccountUpdatedV1>>();
    if (envelope.data.userId === userId) found.push(envelope);
  }
  return found;
}

const storedWebhook = async (webhookId: string) =>
  (await ctx.dataSource.query(`SELECT outcome FROM brokerage.snaptrade_webhooks WHERE webhook_id = $1`, [
    webhookId,
  ])) as Array<{ outcome: string }>;

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await promise;
  } catch (error) {
    const { status, code } = error as { status: number; code: string };
    return { status, code };
  }
  throw new Error('not refused');
}

describe('a signed ACCOUNT_HOLDINGS_UPDATED for a connected SnapTrade user', () => {
  it('becomes one BrokerageAccountUpdated on the stream, for our user id and the account', async () => {
    const user = await snaptradeUser();
    const webhookId = randomUUID();
    expect(await deliver(holdingsUpdated(user, webhookId))).toEqual({
      outcome: 'accepted',
      webhookId,
      eventType: 'ACCOUNT_HOLDINGS_UPDATED',
    });
    const expected = {
      userId: user.userId,
      provider: 'snaptrade',
      accountId: user.accountId,
      connectionId: user.authId,
      reason: 'HOLDINGS_UPDATED',
      providerEventId: webhookId,
    };
    expect((await outboxEvents(user.userId)).map((event) => event.data)).toEqual([expect.objectContaining(expected)]);
    const published = await expectEventually(async () => {
      const events = await streamEvents(user.userId);
      expect(events).toHaveLength(1);
      return events[0]!;
    });
    expect(published).toMatchObject({
      type: 'BrokerageAccountUpdated',
      producer: 'brokerage',
      aggregateId: `provider-notification:snaptrade:${webhookId}`,
      aggregateVersion: 1,
      data: expected,
    });
    expect(await storedWebhook(webhookId)).toEqual([{ outcome: 'accepted' }]);
  });

  it('a replayed webhookId is answered as a duplicate and publishes nothing more, even delivered concurrently', async () => {
    const user = await snaptradeUser();
    const webhookId = randomUUID();
    expect((await deliver(holdingsUpdated(user, webhookId))).outcome).toBe('accepted');
    expect((await deliver(holdingsUpdated(user, webhookId))).outcome).toBe('duplicate');

    const concurrent = randomUUID();
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => deliver(holdingsUpdated(user, concurrent)).then((reply) => reply.outcome)),
    );
    expect(outcomes.sort()).toEqual(['accepted', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect((await outboxEvents(user.userId)).map((event) => event.data.providerEventId)).toEqual([
      webhookId,
      concurrent,
    ]);
  });

  it('maps the trade kinds to their reasons', async () => {
    const user = await snaptradeUser();
    for (const eventType of ['TRADE_DETECTION', 'TRADE_UPDATE'])
      expect((await deliver({ ...holdingsUpdated(user), eventType })).outcome).toBe('accepted');
    expect((await outboxEvents(user.userId)).map((event) => event.data.reason)).toEqual([
      'TRADES_DETECTED',
      'ORDER_UPDATED',
    ]);
  });
});

describe('refused webhooks change nothing', () => {
  it('401 for a tampered body, another key or a missing signature', async () => {
    const user = await snaptradeUser();
    const webhookId = randomUUID();
    const tampered = deliver(holdingsUpdated(user, webhookId), {
      tamper: (body) => body.replace(user.accountId, 'someone-elses-account'),
    });
    expect(await refusal(tampered)).toEqual({ status: 401, code: 'WEBHOOK_SIGNATURE_INVALID' });
    const otherKey = deliver(holdingsUpdated(user, webhookId), { key: `${ctx.fake.consumerKey}x` });
    expect(await refusal(otherKey)).toEqual({ status: 401, code: 'WEBHOOK_SIGNATURE_INVALID' });
    const unsigned = ctx.app.get(SnaptradeWebhooksController).receiveWebhook({
      requestId: 'unsigned',
      payload: { body: JSON.stringify(holdingsUpdated(user, webhookId)) },
    });
    expect(await refusal(unsigned)).toEqual({ status: 401, code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect(await storedWebhook(webhookId)).toEqual([]);
    expect(await outboxEvents(user.userId)).toEqual([]);
    // The genuine one still goes through afterwards.
    expect((await deliver(holdingsUpdated(user, webhookId))).outcome).toBe('accepted');
  });

  it('400 for a stale eventTimestamp (a replay) and for a malformed payload', async () => {
    const user = await snaptradeUser();
    const sixMinutesAgo = snaptradeTimestamp(new Date(Date.now() - 6 * 60_000));
    const stale = deliver({ ...holdingsUpdated(user), eventTimestamp: sixMinutesAgo });
    expect(await refusal(stale)).toEqual({ status: 400, code: 'WEBHOOK_STALE' });
    const noAccount = deliver({ eventType: 'ACCOUNT_HOLDINGS_UPDATED', userId: user.providerUserId });
    expect(await refusal(noAccount)).toEqual({ status: 400, code: 'WEBHOOK_PAYLOAD_INVALID' });
    expect(await outboxEvents(user.userId)).toEqual([]);
  });
});

describe('verified webhooks nothing acts on are answered and recorded as ignored', () => {
  it('other kinds, and users we never registered', async () => {
    const user = await snaptradeUser();
    const connectionAdded = await deliver({
      eventType: 'CONNECTION_ADDED',
      userId: user.providerUserId,
      brokerageAuthorizationId: user.authId,
    });
    expect(connectionAdded.outcome).toBe('ignored');
    const stranger = await deliver({ ...holdingsUpdated(user), userId: `not-ours-${randomUUID()}` });
    expect(stranger.outcome).toBe('ignored');
    expect(await storedWebhook(stranger.webhookId)).toEqual([{ outcome: 'ignored' }]);
    expect((await deliver({ ...holdingsUpdated(user), webhookId: stranger.webhookId })).outcome).toBe('duplicate');
    expect(await outboxEvents(user.userId)).toEqual([]);
  });
});

it('forgets webhook ids once a redelivery could no longer pass the timestamp check', async () => {
  const user = await snaptradeUser();
  const old = await deliver(holdingsUpdated(user));
  const recent = await deliver(holdingsUpdated(user));
  await ctx.dataSource.query(
    `UPDATE brokerage.snaptrade_webhooks SET received_at = now() - interval '25 hours' WHERE webhook_id = $1`,
    [old.webhookId],
  );
  expect(await ctx.app.get(SnaptradeWebhooksRetention).purge()).toBeGreaterThanOrEqual(1);
  expect(await storedWebhook(old.webhookId)).toEqual([]);
  expect(await storedWebhook(recent.webhookId)).toEqual([{ outcome: 'accepted' }]);
});

describe('without SnapTrade configured (the paper broker)', () => {
  let paper: BrokerageTestApp;
  beforeAll(async () => {
    paper = await startBrokerageApp('snaptrade_webhooks_paper');
  }, 60_000);
  afterAll(() => paper?.close());

  it('refuses every webhook with 401: there is no key to verify it with', async () => {
    const { body, signature } = signFakeWebhook('any-key', {
      webhookId: randomUUID(),
      eventType: 'ACCOUNT_HOLDINGS_UPDATED',
      eventTimestamp: snaptradeTimestamp(),
    });
    const refused = paper.app.get(SnaptradeWebhooksController).receiveWebhook({
      requestId: 'paper',
      payload: { body, signature },
    });
    expect(await refusal(refused)).toEqual({ status: 401, code: 'WEBHOOK_NOT_CONFIGURED' });
  });
});
