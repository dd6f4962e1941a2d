import { subjectMatches } from './event-consumer.registry';

describe('subjectMatches (which consumers an event applied now goes through)', () => {
  it.each([
    ['events.brokerage.connection.>', 'events.brokerage.connection.connected.v1', true],
    ['events.brokerage.connection.>', 'events.brokerage.connection', false],
    ['events.brokerage.user.registered.v1', 'events.brokerage.user.registered.v1', true],
    ['events.brokerage.user.registered.v1', 'events.brokerage.user.registered.v2', false],
    ['events.*.user.registered.v1', 'events.brokerage.user.registered.v1', true],
    ['events.*.user', 'events.brokerage.user.registered.v1', false],
  ])('%s ~ %s → %s', (filter, subject, expected) => {
    expect(subjectMatches(filter, subject)).toBe(expected);
  });
});
