import type { BrokerageConnectionView } from '@copytrade/contracts';
import { describe, expect, it } from 'vitest';
import { connectionForBroker, isBrokerConnected } from './broker-connection';

const withBrokerage = (name: string, display_name: string, status: 'CONNECTED' | 'DISABLED' = 'CONNECTED') =>
  ({
    id: `${name}-${status}`,
    status,
    brokerage: { slug: 'X', name, display_name },
  }) as unknown as BrokerageConnectionView;

describe('broker matching', () => {
  it('matches-the-name-case-insensitively', () => {
    expect(isBrokerConnected('WEBULL', [withBrokerage('Webull', 'Something else')])).toBe(true);
  });

  it('matches-the-display-name-case-insensitively', () => {
    expect(isBrokerConnected('ROBINHOOD', [withBrokerage('RH Inc', 'robinhood')])).toBe(true);
  });

  it('does-not-match-other-brokerages', () => {
    expect(isBrokerConnected('WEBULL', [withBrokerage('Robinhood', 'Robinhood')])).toBe(false);
    expect(isBrokerConnected('WEBULL', [])).toBe(false);
  });

  it('prefers-an-enabled-connection', () => {
    const disabled = withBrokerage('Webull', 'Webull', 'DISABLED');
    const enabled = withBrokerage('Webull', 'Webull', 'CONNECTED');
    expect(connectionForBroker('webull', [disabled, enabled])).toBe(enabled);
    expect(connectionForBroker('webull', [disabled])).toBe(disabled);
  });
});
