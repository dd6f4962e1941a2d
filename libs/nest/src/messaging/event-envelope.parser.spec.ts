import { parseEventEnvelope, peekEventId } from './event-envelope.parser';
import { messagingTableName } from './messaging-table-name.util';

const valid = {
  id: '6f1c1c55-7a39-4a47-9d6e-2a7f3e0c9b11',
  type: 'TradeShared',
  version: 1,
  occurredAt: '2026-01-01T00:00:00.000Z',
  producer: 'traces',
  correlationId: 'req-1',
  data: { tradeId: 't-1' },
};

describe('parseEventEnvelope', () => {
  it('accepts-a-complete-envelope', () => {
    expect(parseEventEnvelope(JSON.stringify(valid))).toEqual(valid);
  });

  it.each([
    ['non-JSON text', 'hello', 'payload is not JSON'],
    ['an array', '[]', 'payload is not an object'],
    ['a non-uuid id', JSON.stringify({ ...valid, id: '42' }), 'id must be a uuid'],
    ['a missing type', JSON.stringify({ ...valid, type: undefined }), 'type must be a non-empty string'],
    ['a fractional version', JSON.stringify({ ...valid, version: 1.5 }), 'version must be an integer'],
    ['a numeric causationId', JSON.stringify({ ...valid, causationId: 7 }), 'causationId must be a string'],
    ['no data', JSON.stringify({ ...valid, data: undefined }), 'data is missing'],
  ])('rejects-%s-as-malformed', (_case, payload, reason) => {
    expect(() => parseEventEnvelope(payload)).toThrow(
      expect.objectContaining({ code: 'MALFORMED_EVENT_ENVELOPE', message: expect.stringContaining(reason) }),
    );
  });

  it('peeks-the-id-of-an-envelope-it-cannot-parse', () => {
    expect(peekEventId(JSON.stringify({ id: 'abc' }))).toBe('abc');
    expect(peekEventId('not json')).toBeNull();
  });
});

describe('messagingTableName', () => {
  it('quotes-a-valid-schema', () => {
    expect(messagingTableName('copy_engine', 'outbox')).toBe('"copy_engine"."outbox"');
  });

  it('refuses-a-schema-that-could-inject-sql', () => {
    expect(() => messagingTableName('x"; DROP TABLE users; --', 'inbox')).toThrow('Invalid messaging schema name');
  });
});
