import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { AdminBodyDto } from '../traces/traces.dto';
import { AdminPageDto } from './admin-pagination';

/** SnapTrade Users lists at most this many provider users (the totals always count them all). */
export const ADMIN_PROVIDER_USERS_LISTED_MAX = 1_000;

const idMessage = (field: string) => ({ message: `${field} is required (1 to 200 characters)` });

/**
 * POST /api/admin/all-connections: pages of 25 (at most 100), from the brokerage's records of the connections (the
 * provider is never asked per user for this list).
 */
// The page fields alone: an alias, not an empty subclass, which the OpenAPI document would show without properties.
export const AdminListConnectionsDto = AdminPageDto;
export type AdminListConnectionsDto = AdminPageDto;

/** POST /api/admin/user-connections, user-holdings, delete-connection */
export class AdminTargetUserDto extends AdminBodyDto {
  @IsUUID('all', { message: 'targetUserId must be a valid user id' })
  targetUserId: string;
}

/** POST /api/admin/delete-specific-connection */
export class AdminDeleteSpecificConnectionDto extends AdminTargetUserDto {
  @IsString(idMessage('connectionId'))
  @IsNotEmpty(idMessage('connectionId'))
  @MaxLength(200, idMessage('connectionId'))
  connectionId: string;
}

/** POST /api/admin/remove-brokerage: a brokerage authorization is the provider's name for a connection. */
export class AdminRemoveBrokerageDto extends AdminTargetUserDto {
  @IsString(idMessage('brokerageAuthorizationId'))
  @IsNotEmpty(idMessage('brokerageAuthorizationId'))
  @MaxLength(200, idMessage('brokerageAuthorizationId'))
  brokerageAuthorizationId: string;
}

/**
 * POST /api/admin/delete-snaptrade-user. targetUserId may be left out for a provider user without a database record
 * (an orphan at the provider); when given, it must be the user the record belongs to.
 */
export class AdminDeleteSnaptradeUserDto extends AdminBodyDto {
  @IsString(idMessage('snaptradeUserId'))
  @IsNotEmpty(idMessage('snaptradeUserId'))
  @MaxLength(200, idMessage('snaptradeUserId'))
  snaptradeUserId: string;

  @IsOptional()
  @IsUUID('all', { message: 'targetUserId must be a valid user id' })
  targetUserId?: string;
}
