import { MaintenanceModeChanged, UserSettingsChanged, UserSettingsChangedV1 } from '@copytrade/contracts';
import { parseEventEnvelope, peekEventId } from './event-envelope.parser';
import { messagingTableName } from './messaging-table-name.util';

/** A private stream's subject: outside the catalogue, only the envelope is checked. */
const PRIVATE_SUBJECT = 'test-suite.thing.happened.v1';

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
    expect(parseEventEnvelope(JSON.stringify(valid), PRIVATE_SUBJECT)).toEqual(valid);
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
    expect(() => parseEventEnvelope(payload, PRIVATE_SUBJECT)).toThrow(
      expect.objectContaining({ code: 'MALFORMED_EVENT_ENVELOPE', message: expect.stringContaining(reason) }),
    );
  });

  describe('payload-checked-against-the-event-catalogue', () => {
    const settings = {
      userId: '0b7e6a8e-3f0c-4c36-8d1e-2f4b1b7c9a01',
      changedFields: ['defaultCopyAmount'],
      copyTradingEnabled: true,
      defaultCopyAmount: '100.00',
      maxCopyAmount: null,
      notificationPreferences: {
        emailNotifications: true,
        notifyOnTradeShared: false,
        notifyOnTradeSold: true,
        notifyOnCopiedTradeSold: false,
      },
      changedAt: '2026-01-01T00:00:00.000Z',
    };
    const settingsEnvelope = (data: unknown, overrides: Record<string, unknown> = {}) =>
      JSON.stringify({ ...valid, type: 'UserSettingsChanged', producer: 'identity', data, ...overrides });
    const parseSettings = (data: unknown, overrides?: Record<string, unknown>) =>
      parseEventEnvelope(settingsEnvelope(data, overrides), UserSettingsChanged.subject);
    const rejection = (reason: string) =>
      expect.objectContaining({ code: 'INVALID_EVENT_PAYLOAD', message: expect.stringContaining(reason) });

    it('accepts-a-valid-payload-as-an-instance-of-its-class', () => {
      const { data } = parseSettings(settings);
      expect(data).toBeInstanceOf(UserSettingsChangedV1);
      expect(data).toEqual(settings);
    });

    it('strips-fields-the-payload-class-does-not-declare', () => {
      expect(parseSettings({ ...settings, internalNote: 'x' }).data).not.toHaveProperty('internalNote');
    });

    it.each([
      [
        'a nested field of the wrong type',
        { notificationPreferences: { ...settings.notificationPreferences, notifyOnTradeSold: 'yes' } },
        'notificationPreferences.notifyOnTradeSold: notifyOnTradeSold must be a boolean value',
      ],
      [
        'an amount that is a number, not a decimal string',
        { defaultCopyAmount: 100 },
        'defaultCopyAmount: defaultCopyAmount must be a decimal string or null',
      ],
      ['a missing field', { changedAt: undefined }, 'changedAt: changedAt must be a valid ISO 8601 date string'],
      ['a user id that is not a uuid', { userId: 'u-1' }, 'userId: userId must be a UUID'],
    ])('rejects-%s-with-a-readable-reason', (_case, change, reason) => {
      expect(() => parseSettings({ ...settings, ...change })).toThrow(rejection(`UserSettingsChanged v1: ${reason}`));
    });

    it('rejects-data-that-is-not-an-object', () => {
      expect(() => parseSettings('hello')).toThrow(rejection('UserSettingsChanged v1: data must be an object'));
    });

    it('rejects-an-event-whose-type-does-not-match-its-subject', () => {
      expect(() => parseEventEnvelope(settingsEnvelope(settings), MaintenanceModeChanged.subject)).toThrow(
        rejection('UserSettingsChanged v1 arrived on the subject of MaintenanceModeChanged v1'),
      );
    });

    it('rejects-a-platform-subject-missing-from-the-catalogue', () => {
      expect(() => parseEventEnvelope(JSON.stringify(valid), 'events.traces.trade.shared.v9')).toThrow(
        rejection('no event in the catalogue for subject events.traces.trade.shared.v9'),
      );
    });
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
