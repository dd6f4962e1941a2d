import { IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { BROKERAGE_PROVIDERS, type BrokerageProviderName } from './brokerage-link-state';

/**
 * Why the provider says an account changed: its holdings (positions, balances, orders) were refreshed, it detected
 * new trades at the brokerage, or an order placed through it changed status.
 */
export const BROKERAGE_ACCOUNT_UPDATE_REASONS = ['HOLDINGS_UPDATED', 'TRADES_DETECTED', 'ORDER_UPDATED'] as const;
export type BrokerageAccountUpdateReason = (typeof BROKERAGE_ACCOUNT_UPDATE_REASONS)[number];

/**
 * The provider told us (a verified webhook: SnapTrade's ACCOUNT_HOLDINGS_UPDATED, TRADE_DETECTION, TRADE_UPDATE)
 * that one of a user's brokerage accounts has new data. A trigger, not the data: consumers read the account again
 * (traces syncs the owner's trades). Published once per provider notification, however often the provider
 * delivers it; aggregate `provider-notification:<provider>:<notification id>` (each its own aggregate, so one
 * that fails never holds back the next).
 */
export class BrokerageAccountUpdatedV1 {
  @IsUUID()
  userId: string;

  @IsIn(BROKERAGE_PROVIDERS)
  provider: BrokerageProviderName;

  /** The provider's account id (what the brokerage service's accounts list shows). */
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  accountId: string;

  /** The provider's connection (SnapTrade brokerageAuthorizationId), when it said. */
  @IsOptional()
  @IsString()
  @MaxLength(128)
  connectionId: string | null;

  @IsIn(BROKERAGE_ACCOUNT_UPDATE_REASONS)
  reason: BrokerageAccountUpdateReason;

  /** The provider's id of the notification (SnapTrade webhookId). */
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  providerEventId: string;

  /** When the provider says it happened (its eventTimestamp), ISO 8601 in UTC. */
  @IsISO8601()
  occurredAt: string;
}

export const BrokerageAccountUpdated = defineCataloguedEvent(BrokerageAccountUpdatedV1, {
  type: 'BrokerageAccountUpdated',
  version: 1,
  subject: 'events.brokerage.account.updated.v1',
  producer: 'brokerage',
});
