import type { AdminUserView } from '@copytrade/contracts';
import type { UserEntity } from '../../users/entities/user.entity';

/**
 * The admin user (docs/product.md#entities-and-fields): what the admins' Users tab shows, nothing more (no hashes, no
 * settings).
 */
export function toAdminUserView(user: UserEntity): AdminUserView {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    createdAt: user.createdAt.toISOString(),
    snaptradeUserId: user.snaptradeUserId ?? null,
    brokerageConnected: user.brokerageConnected ?? false,
    isAdmin: user.isAdmin,
  };
}
