import { IsIn, IsInt, IsISO8601, IsNotEmpty, IsString, IsUUID, Min } from 'class-validator';
import { BROKERAGE_PROVIDERS, type BrokerageProviderName } from './brokerage-link-state';

/** What every event of a user's registration with the brokerage provider carries (never the secret). */
export abstract class ProviderUserEventV1 {
  @IsUUID()
  userId: string;

  @IsString()
  @IsNotEmpty()
  providerUserId: string;

  @IsIn(BROKERAGE_PROVIDERS)
  provider: BrokerageProviderName;

  /** The user's link version after the change; a consumer applies an event only over an older state. */
  @IsInt()
  @Min(0)
  stateVersion: number;

  @IsISO8601()
  occurredAt: string;
}
