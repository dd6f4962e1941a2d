import type { ConnectionRecord } from '@copytrade/contracts';
import type { ProviderConnection } from '../provider/provider.types';

/** A provider connection in the provider's shape (snake_case fields), without the `user` block the gateway adds. */
export function toConnectionRecord(connection: ProviderConnection): ConnectionRecord {
  return {
    id: connection.id,
    name: connection.name,
    type: connection.type,
    disabled: connection.disabled,
    status: connection.disabled ? 'DISABLED' : 'CONNECTED',
    created_date: connection.createdAt,
    disabled_date: connection.disabledAt,
    detail: connection.disabled ? 'The connection is disabled; reconnect it to resume syncing.' : null,
    brokerage: {
      slug: connection.brokerage.slug,
      name: connection.brokerage.name,
      display_name: connection.brokerage.displayName,
      description: connection.brokerage.description,
      aws_s3_logo_url: connection.brokerage.logoUrl,
    },
  };
}
