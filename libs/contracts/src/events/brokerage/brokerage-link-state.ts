import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsString,
  IsUUID,
  Min,
  ValidateNested,
} from 'class-validator';

export const BROKERAGE_PROVIDERS = ['snaptrade', 'paper'] as const;
export type BrokerageProviderName = (typeof BROKERAGE_PROVIDERS)[number];

/**
 * The user's brokerage link after a change, carried by every connection event so a consumer can simply
 * store it: events of one user may be handled out of order, and `stateVersion` tells which is newer.
 */
export class BrokerageLinkStateV1 {
  @IsUUID()
  userId: string;

  /** The user's id at the provider (SnapTrade userId, or the paper broker's). */
  @IsString()
  @IsNotEmpty()
  providerUserId: string;

  @IsIn(BROKERAGE_PROVIDERS)
  provider: BrokerageProviderName;

  /** True while at least one connection is active (not disabled). */
  @IsBoolean()
  brokerageConnected: boolean;

  /** Accounts of the user's active connections, primary (first) first. */
  @IsArray()
  @IsString({ each: true })
  accountIds: string[];

  /** Increases with every change of this user's link; apply an event only if it is newer than what you hold. */
  @IsInt()
  @Min(0)
  stateVersion: number;
}

export class BrokerageRefV1 {
  @IsString()
  @IsNotEmpty()
  slug: string;

  @IsString()
  name: string;
}

export class BrokerageConnectionRefV1 {
  @IsString()
  @IsNotEmpty()
  connectionId: string;

  @IsObject()
  @ValidateNested()
  @Type(() => BrokerageRefV1)
  brokerage: BrokerageRefV1;

  /** Accounts of this connection. */
  @IsArray()
  @IsString({ each: true })
  accountIds: string[];
}
