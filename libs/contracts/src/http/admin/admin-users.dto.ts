import { IsBoolean, IsString, IsUUID, MaxLength } from 'class-validator';
import { OptionalField } from '../common/text-input.validators';
import { AdminBodyDto } from '../traces/traces.dto';
import { AdminPageDto, type AdminPagination } from './admin-pagination';

/** POST /api/admin/users: a page of users, optionally those whose username, e-mail or name contains `search`. */
export class AdminUsersDto extends AdminPageDto {
  @OptionalField()
  @IsString({ message: 'search must be text' })
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  search?: string;
}

/** POST /api/admin/toggle-admin */
export class ToggleAdminDto extends AdminBodyDto {
  @IsUUID('all', { message: 'targetUserId must be a valid user id' })
  targetUserId: string;

  @IsBoolean({ message: 'isAdmin must be true or false' })
  isAdmin: boolean;
}

/** The admin user (docs/product.md#entities-and-fields). */
export interface AdminUserView {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  snaptradeUserId: string | null;
  brokerageConnected: boolean;
  isAdmin: boolean;
}

export interface AdminUsersResponse {
  success: true;
  users: AdminUserView[];
  pagination: AdminPagination;
}

export interface ToggleAdminResponse {
  success: true;
  message: string;
  user: AdminUserView;
}

export const AdminUsersErrorCode = {
  OWN_ADMIN_STATUS: 'OWN_ADMIN_STATUS',
  LAST_ADMIN: 'LAST_ADMIN',
} as const;

export const AdminUsersMessages = {
  granted: (username: string) => `Admin privileges granted to ${username}`,
  revoked: (username: string) => `Admin privileges revoked from ${username}`,
  ownStatus: 'You cannot change your own admin status',
  lastAdmin: 'The last admin cannot be demoted',
  userNotFound: 'User not found',
} as const;
