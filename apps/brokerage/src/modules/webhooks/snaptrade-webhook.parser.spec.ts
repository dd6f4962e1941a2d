import { SnaptradeWebhookErrorCode } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { assertFresh, parseSnaptradeWebhook } from './snaptrade-webhook.parser';

const NOW = new Date('2026-05-08T18:52:08.000Z');
const holdings = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    userId: 'snap-user-1',
    clientId: 'PARTNERAPP',
    accountId: 'acc-1',
    eventType: 'ACCOUNT_HOLDINGS_UPDATED',
    webhookId: 'wh-1',
    eventTimestamp: '2026-05-08T18:52:08.123974+00:00',
    brokerageAuthorizationId: 'auth-1',
    ...fields,
  });

function refusal(run: () => unknown): { status: number; code: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainException) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('not refused');
}

describe('SnapTrade webhook payload', () => {
  it('reads an ACCOUNT_HOLDINGS_UPDATED webhook as an account update', () => {
    expect(parseSnaptradeWebhook(holdings())).toEqual({
      webhookId: 'wh-1',
      eventType: 'ACCOUNT_HOLDINGS_UPDATED',
      eventTimestamp: new Date('2026-05-08T18:52:08.123Z'),
      userId: 'snap-user-1',
      accountId: 'acc-1',
      brokerageAuthorizationId: 'auth-1',
      reason: 'HOLDINGS_UPDATED',
    });
  });

  it('maps the trade kinds, and reads the OpenAPI spelling webookId when webhookId is absent', () => {
    expect(parseSnaptradeWebhook(holdings({ eventType: 'TRADE_DETECTION' })).reason).toBe('TRADES_DETECTED');
    expect(parseSnaptradeWebhook(holdings({ eventType: 'TRADES_PLACED' })).reason).toBe('TRADES_DETECTED');
    expect(parseSnaptradeWebhook(holdings({ eventType: 'TRADE_UPDATE' })).reason).toBe('ORDER_UPDATED');
    expect(parseSnaptradeWebhook(holdings({ webhookId: undefined, webookId: 'wh-2' })).webhookId).toBe('wh-2');
    expect(parseSnaptradeWebhook(holdings({ webookId: 'wh-2' })).webhookId).toBe('wh-1');
  });

  it('takes other kinds without the account fields (they are acted on by no one)', () => {
    const webhook = parseSnaptradeWebhook(
      JSON.stringify({
        eventType: 'USER_DELETED',
        webhookId: 'wh-3',
        eventTimestamp: '2026-05-08T18:52:08Z',
        userId: 7,
      }),
    );
    expect(webhook).toMatchObject({ reason: null, userId: null, accountId: null });
  });

  it.each([
    ['not an object', '[1]'],
    ['no webhookId', holdings({ webhookId: undefined })],
    ['an empty webhookId', holdings({ webhookId: '' })],
    ['no eventType', holdings({ eventType: undefined })],
    ['a numeric userId', holdings({ userId: 42 })],
    ['no accountId on a holdings update', holdings({ accountId: null })],
    ['no eventTimestamp', holdings({ eventTimestamp: undefined })],
    ['an eventTimestamp that is not a date', holdings({ eventTimestamp: 'yesterday' })],
    ['an impossible date', holdings({ eventTimestamp: '2026-13-45T99:00:00Z' })],
  ])('refuses %s with 400 WEBHOOK_PAYLOAD_INVALID', (_label, body) => {
    expect(refusal(() => parseSnaptradeWebhook(body))).toEqual({
      status: 400,
      code: SnaptradeWebhookErrorCode.WEBHOOK_PAYLOAD_INVALID,
    });
  });

  it('reads a timestamp without an offset as UTC, and the space-separated form', () => {
    expect(parseSnaptradeWebhook(holdings({ eventTimestamp: '2026-05-08T18:52:08' })).eventTimestamp).toEqual(
      new Date('2026-05-08T18:52:08Z'),
    );
    expect(parseSnaptradeWebhook(holdings({ eventTimestamp: '2026-05-08 14:52:08.5-04:00' })).eventTimestamp).toEqual(
      new Date('2026-05-08T18:52:08.500Z'),
    );
  });
});

describe('stale webhooks', () => {
  const at = (eventTimestamp: string) => parseSnaptradeWebhook(holdings({ eventTimestamp }));

  it('takes a webhook up to the max age old (or that far ahead: clock skew)', () => {
    expect(() => assertFresh(at('2026-05-08T18:52:08Z'), NOW, 300)).not.toThrow();
    expect(() => assertFresh(at('2026-05-08T18:47:08Z'), NOW, 300)).not.toThrow();
    expect(() => assertFresh(at('2026-05-08T18:57:08Z'), NOW, 300)).not.toThrow();
  });

  it('refuses one older than the max age (a replay) with 400 WEBHOOK_STALE', () => {
    expect(refusal(() => assertFresh(at('2026-05-08T18:47:07Z'), NOW, 300))).toEqual({
      status: 400,
      code: SnaptradeWebhookErrorCode.WEBHOOK_STALE,
    });
    expect(refusal(() => assertFresh(at('2024-03-01T14:38:13.111991+00:00'), NOW, 300)).code).toBe('WEBHOOK_STALE');
    // Another offset, same instant: 6 minutes old.
    expect(refusal(() => assertFresh(at('2026-05-08T14:46:08-04:00'), NOW, 300)).code).toBe('WEBHOOK_STALE');
  });

  it('refuses one dated too far in the future', () => {
    expect(refusal(() => assertFresh(at('2026-05-08T19:10:00Z'), NOW, 300)).code).toBe('WEBHOOK_STALE');
  });

  it('follows the configured max age', () => {
    expect(() => assertFresh(at('2026-05-08T18:30:00Z'), NOW, 3_600)).not.toThrow();
  });
});
