import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  ConnectionPortalDto,
  PlaceMarketOrderDto,
  RegisterProviderUserDto,
  ResolveUnknownOrderDto,
  SetMarketHoursDto,
  SetMarketPriceDto,
} from '../../http/brokerage/brokerage.dto';
import {
  TIMES_IN_FORCE,
  type MarketOrderInput,
  type OrderAction,
  type TimeInForce,
} from '../../rules/market-order.rules';
import { asArrayOf, asInstanceOf, rpcCallOf } from '../rpc-call';
import {
  ACCOUNT_VALUES_MAX_USERS,
  MARKET_QUOTES_MAX_USERS,
  ORDERS_PAGE_MAX,
  PLACE_ORDER_BATCH_MAX,
  type MarketOrderTemplate,
} from './brokerage.rpc';
import type {
  AccountScopedRpcRequest,
  AccountValuesRpcRequest,
  ConnectionPortalRpcRequest,
  ConnectionRpcRequest,
  GetPlacedOrderRpcRequest,
  ListOrdersRpcRequest,
  MarketQuotesRpcRequest,
  PaperMarketRpcRequest,
  PaperPortalRpcRequest,
  PlaceOrderBatchGroup,
  PlaceOrderBatchItem,
  PlaceOrderBatchRpcRequest,
  PlaceOrderRpcRequest,
  QuotesRpcRequest,
  ResolveUnknownOrderRpcRequest,
  UserScopedRpcRequest,
} from './brokerage.rpc';

// Validated envelopes of the brokerage service's handlers (see rpcCallOf). Payloads reuse the gateway's HTTP
// DTOs where the shape is the same; the others are declared here.

const userId = { message: 'userId must be a valid id' };
const symbolsCount = { message: 'Between 1 and 10 symbols are needed.' };

export class AccountScopedRpcPayload implements AccountScopedRpcRequest {
  @IsUUID('all', userId)
  userId: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  accountId: string;
}

export class ListOrdersRpcPayload extends AccountScopedRpcPayload implements ListOrdersRpcRequest {
  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(ORDERS_PAGE_MAX)
  limit?: number;
}

export class ConnectionRpcPayload implements ConnectionRpcRequest {
  @IsUUID('all', userId)
  userId: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  connectionId: string;
}

export class QuotesRpcPayload implements QuotesRpcRequest {
  @IsUUID('all', userId)
  userId: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  accountId?: string;

  @IsArray(symbolsCount)
  @ArrayMinSize(1, symbolsCount)
  @ArrayMaxSize(10, symbolsCount)
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  symbols: string[];
}

/** Symbols as the quotes call takes them; the users whose accounts may quote them (SnapTrade). */
export class MarketQuotesRpcPayload implements MarketQuotesRpcRequest {
  @IsArray(symbolsCount)
  @ArrayMinSize(1, symbolsCount)
  @ArrayMaxSize(10, symbolsCount)
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  symbols: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MARKET_QUOTES_MAX_USERS, { message: `At most ${MARKET_QUOTES_MAX_USERS} users are allowed.` })
  @IsUUID('all', { each: true, message: 'userIds must be valid ids' })
  userIds?: string[];
}

/** The users whose primary accounts' values are wanted. */
export class AccountValuesRpcPayload implements AccountValuesRpcRequest {
  @IsArray()
  @ArrayMaxSize(ACCOUNT_VALUES_MAX_USERS, { message: `At most ${ACCOUNT_VALUES_MAX_USERS} users are allowed.` })
  @IsUUID('all', { each: true, message: 'userIds must be valid ids' })
  userIds: string[];
}

/**
 * The order fields of the trading form, and a limit (services only: the trading form places market orders); the
 * brokerage service applies the market-order rules to them.
 */
export class MarketOrderRpcPayload extends PlaceMarketOrderDto implements MarketOrderInput {
  declare action: OrderAction;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'limitPrice must be a number' })
  @IsPositive({ message: 'limitPrice must be a positive number' })
  limitPrice?: number;

  @IsOptional()
  @IsIn(TIMES_IN_FORCE, { message: 'timeInForce must be Day, IOC or FOK' })
  timeInForce?: TimeInForce;
}

export class PlaceOrderRpcPayload implements PlaceOrderRpcRequest {
  @IsUUID('all', userId)
  userId: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  accountId?: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  requestId: string;

  @IsObject({ message: 'order must be an object' })
  @ValidateNested()
  @Transform(asInstanceOf(MarketOrderRpcPayload))
  order: MarketOrderRpcPayload;

  @IsOptional()
  @IsIn(['paper'])
  requireProvider?: 'paper';
}

/** Each order of a batch group gives its own quantity, and its own account: on the group's order they are dropped. */
const neverValidated = () => false;
const dropped = () => undefined;

/**
 * A group's order: the trading form's fields but the quantity and the account, which each order of the group gives.
 * (Mapped types such as OmitType are NestJS's, which contracts may not use: the two fields are switched off here.)
 */
export class MarketOrderTemplateRpcPayload extends MarketOrderRpcPayload implements MarketOrderTemplate {
  @ValidateIf(neverValidated)
  @Transform(dropped)
  declare quantity: number;

  @ValidateIf(neverValidated)
  @Transform(dropped)
  declare accountId?: string;
}

export class PlaceOrderBatchItemPayload implements PlaceOrderBatchItem {
  @IsUUID('all', userId)
  userId: string;

  /** null (or absent): the user's primary account. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  accountId: string | null;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  requestId: string;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'quantity must be a number' })
  @IsPositive({ message: 'quantity must be a positive number' })
  quantity: number;
}

export class PlaceOrderBatchGroupPayload implements PlaceOrderBatchGroup {
  @IsObject({ message: 'order must be an object' })
  @ValidateNested()
  @Transform(asInstanceOf(MarketOrderTemplateRpcPayload))
  order: MarketOrderTemplateRpcPayload;

  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Transform(asArrayOf(PlaceOrderBatchItemPayload))
  orders: PlaceOrderBatchItemPayload[];
}

const batchSize = { message: `Between 1 and ${PLACE_ORDER_BATCH_MAX} orders are needed.` };
const ordersIn = (groups: unknown): number =>
  Array.isArray(groups)
    ? groups.reduce<number>(
        (count, group: { orders?: unknown }) => count + (Array.isArray(group?.orders) ? group.orders.length : 0),
        0,
      )
    : 0;

export class PlaceOrderBatchRpcPayload implements PlaceOrderBatchRpcRequest {
  @IsArray(batchSize)
  @ArrayMinSize(1, batchSize)
  @ValidateBy(
    {
      name: 'batchSize',
      validator: { validate: (groups: unknown) => ordersIn(groups) >= 1 && ordersIn(groups) <= PLACE_ORDER_BATCH_MAX },
    },
    batchSize,
  )
  @ValidateNested({ each: true })
  @Transform(asArrayOf(PlaceOrderBatchGroupPayload))
  groups: PlaceOrderBatchGroupPayload[];
}

export class GetPlacedOrderRpcPayload implements GetPlacedOrderRpcRequest {
  @IsUUID('all', userId)
  userId: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  requestId: string;
}

/** The admin's resolution form plus the order intent it settles. */
export class ResolveUnknownOrderRpcPayload extends ResolveUnknownOrderDto implements ResolveUnknownOrderRpcRequest {
  @IsUUID('all', { message: 'intentId must be a valid id' })
  intentId: string;
}

export class PaperPortalRpcPayload implements PaperPortalRpcRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  sessionId: string;
}

export class PaperMarketRpcPayload implements PaperMarketRpcRequest {
  @IsArray()
  @ArrayMaxSize(10, { message: 'At most 10 symbols are allowed.' })
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  symbols: string[];
}

export class UserScopedRpcCall extends rpcCallOf<UserScopedRpcRequest>(RegisterProviderUserDto) {}
export class AccountScopedRpcCall extends rpcCallOf(AccountScopedRpcPayload) {}
export class ListOrdersRpcCall extends rpcCallOf(ListOrdersRpcPayload) {}
export class ConnectionPortalRpcCall extends rpcCallOf<ConnectionPortalRpcRequest>(ConnectionPortalDto) {}
export class ConnectionRpcCall extends rpcCallOf(ConnectionRpcPayload) {}
export class QuotesRpcCall extends rpcCallOf(QuotesRpcPayload) {}
export class MarketQuotesRpcCall extends rpcCallOf(MarketQuotesRpcPayload) {}
export class AccountValuesRpcCall extends rpcCallOf(AccountValuesRpcPayload) {}
export class PlaceOrderRpcCall extends rpcCallOf(PlaceOrderRpcPayload) {}
export class PlaceOrderBatchRpcCall extends rpcCallOf(PlaceOrderBatchRpcPayload) {}
export class GetPlacedOrderRpcCall extends rpcCallOf(GetPlacedOrderRpcPayload) {}
export class ResolveUnknownOrderRpcCall extends rpcCallOf(ResolveUnknownOrderRpcPayload) {}
export class PaperPortalRpcCall extends rpcCallOf(PaperPortalRpcPayload) {}
export class PaperMarketRpcCall extends rpcCallOf(PaperMarketRpcPayload) {}
export class DevSetPriceRpcCall extends rpcCallOf(SetMarketPriceDto) {}
export class DevSetMarketHoursRpcCall extends rpcCallOf(SetMarketHoursDto) {}
