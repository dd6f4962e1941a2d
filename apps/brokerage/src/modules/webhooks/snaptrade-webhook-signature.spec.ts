import { createHmac } from 'node:crypto';
import {
  canonicalWebhookJson,
  snaptradeWebhookSignature,
  verifySnaptradeWebhookSignature,
} from './snaptrade-webhook-signature';

/**
 * Reference values computed with SnapTrade's own verification recipe (Python 3):
 *   json.dumps(payload, separators=(",", ":"), sort_keys=True); base64(hmac.new(key.encode(), …, sha256).digest())
 * so these tests do not check the implementation against itself.
 */
const KEY = 'test-consumer-key^with/odd+chars';
const PAYLOAD = {
  userId: '5f0c8a4e-2b1d-4c3e-9f7a-1d2e3f4a5b6c',
  clientId: 'PARTNERAPP',
  accountId: '45a3g56a-eef6-4904-a68e-d3f90c3e07c5',
  eventType: 'ACCOUNT_HOLDINGS_UPDATED',
  webhookId: '312a13f3-3929-46dd-a70f-ade6aaefc100',
  brokerageId: '905872ac-a7b1-4031-a31f-790cba1bfc94',
  eventTimestamp: '2024-03-01T14:38:13.111991+00:00',
  brokerageAuthorizationId: '6bb1ahb0-b8c8-4b59-8bf9-7841d7a89c63',
  details: {
    total_value: { success: true, error: null },
    positions: { success: true, error: null },
    note: 'Société Générale — ok',
    detection_lag_seconds: 5.276,
    count: 3,
  },
};
const PYTHON_CANONICAL =
  '{"accountId":"45a3g56a-eef6-4904-a68e-d3f90c3e07c5","brokerageAuthorizationId":"6bb1ahb0-b8c8-4b59-8bf9-7841d7a89c63","brokerageId":"905872ac-a7b1-4031-a31f-790cba1bfc94","clientId":"PARTNERAPP","details":{"count":3,"detection_lag_seconds":5.276,"note":"Soci\\u00e9t\\u00e9 G\\u00e9n\\u00e9rale \\u2014 ok","positions":{"error":null,"success":true},"total_value":{"error":null,"success":true}},"eventTimestamp":"2024-03-01T14:38:13.111991+00:00","eventType":"ACCOUNT_HOLDINGS_UPDATED","userId":"5f0c8a4e-2b1d-4c3e-9f7a-1d2e3f4a5b6c","webhookId":"312a13f3-3929-46dd-a70f-ade6aaefc100"}';
const PYTHON_SIGNATURE = '+eJLliU1RTFXeizeAKl+3xf/qFpBvEIKsq7jLsEIxAY=';

describe('SnapTrade webhook signature', () => {
  it("serializes a payload exactly as SnapTrade's Python recipe does (sorted keys, compact, ASCII escapes)", () => {
    expect(canonicalWebhookJson(PAYLOAD)).toBe(PYTHON_CANONICAL);
    expect(snaptradeWebhookSignature(KEY, PAYLOAD)).toBe(PYTHON_SIGNATURE);
  });

  it('accepts a good signature, whatever the spacing and key order of the body as sent', () => {
    expect(verifySnaptradeWebhookSignature(KEY, PYTHON_CANONICAL, PYTHON_SIGNATURE)).toBe(true);
    expect(verifySnaptradeWebhookSignature(KEY, JSON.stringify(PAYLOAD, null, 2), PYTHON_SIGNATURE)).toBe(true);
    const reordered = Object.fromEntries(Object.entries(PAYLOAD).reverse());
    expect(verifySnaptradeWebhookSignature(KEY, JSON.stringify(reordered), PYTHON_SIGNATURE)).toBe(true);
  });

  it('accepts an HMAC of the body exactly as received, too', () => {
    const body = JSON.stringify(PAYLOAD);
    const ofBody = createHmac('sha256', KEY).update(body).digest('base64');
    expect(verifySnaptradeWebhookSignature(KEY, body, ofBody)).toBe(true);
  });

  it('refuses a tampered body', () => {
    const tampered = [
      { ...PAYLOAD, userId: 'someone-else' },
      { ...PAYLOAD, eventTimestamp: '2024-03-01T14:48:13.111991+00:00' },
      { ...PAYLOAD, details: { ...PAYLOAD.details, count: 4 } },
      { ...PAYLOAD, extra: true },
    ];
    for (const payload of tampered)
      expect(verifySnaptradeWebhookSignature(KEY, JSON.stringify(payload), PYTHON_SIGNATURE)).toBe(false);
    expect(verifySnaptradeWebhookSignature(KEY, PYTHON_CANONICAL.replace('3,', '30,'), PYTHON_SIGNATURE)).toBe(false);
  });

  it('refuses a signature made with another key (the URI-encoded key included)', () => {
    expect(verifySnaptradeWebhookSignature('another-key', PYTHON_CANONICAL, PYTHON_SIGNATURE)).toBe(false);
    expect(verifySnaptradeWebhookSignature(encodeURI(KEY), PYTHON_CANONICAL, PYTHON_SIGNATURE)).toBe(false);
    const other = snaptradeWebhookSignature('another-key', PAYLOAD);
    expect(verifySnaptradeWebhookSignature(KEY, PYTHON_CANONICAL, other)).toBe(false);
  });

  it('refuses a missing, empty or malformed signature', () => {
    for (const signature of [undefined, '', 'not-base64!', PYTHON_SIGNATURE.slice(0, 40), `${PYTHON_SIGNATURE}AA`])
      expect(verifySnaptradeWebhookSignature(KEY, PYTHON_CANONICAL, signature)).toBe(false);
  });

  it('refuses a body that is not JSON unless its raw bytes were signed', () => {
    expect(verifySnaptradeWebhookSignature(KEY, 'not json', PYTHON_SIGNATURE)).toBe(false);
    const signedRaw = createHmac('sha256', KEY).update('not json').digest('base64');
    expect(verifySnaptradeWebhookSignature(KEY, 'not json', signedRaw)).toBe(true);
  });

  it('checks the HMAC of the raw body before parsing it, and parses nothing for a malformed signature', () => {
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const ofBody = createHmac('sha256', KEY).update(PYTHON_CANONICAL).digest('base64');
      expect(verifySnaptradeWebhookSignature(KEY, PYTHON_CANONICAL, ofBody)).toBe(true);
      expect(verifySnaptradeWebhookSignature(KEY, PYTHON_CANONICAL, 'forged')).toBe(false);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });
});
