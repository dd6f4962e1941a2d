import { Injectable } from '@nestjs/common';
import { ADMIN_PAGE_SIZE, type AdminAllConnectionsRpcReply, type AdminConnectionRow } from '@copytrade/contracts';
import { DataSource } from 'typeorm';

interface Row {
  id: string;
  user_id: string;
  provider: AdminConnectionRow['provider'];
  provider_user_id: string;
  brokerage_slug: string;
  brokerage_name: string;
  disabled: boolean;
  account_count: number;
  synced_at: Date;
  total: string;
}

/**
 * All Connections (docs/product.md#admin-panel): every user's connections as this service last synced them from the
 * provider, newest sync first, one page at a time — the provider is not asked per user for this list (it would cost one
 * provider call per user); a user's own tab (user-connections) reads the provider live.
 */
@Injectable()
export class ListAllConnectionsUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute(page = 1, limit = ADMIN_PAGE_SIZE): Promise<AdminAllConnectionsRpcReply> {
    const rows = (await this.dataSource.query(
      `SELECT c.id, c.user_id, u.provider, u.provider_user_id, c.brokerage_slug, c.brokerage_name, c.disabled,
              (SELECT count(*)::int FROM brokerage.accounts a WHERE a.connection_id = c.id) AS account_count,
              c.synced_at, count(*) OVER () AS total
         FROM brokerage.connections c JOIN brokerage.provider_users u ON u.user_id = c.user_id
        ORDER BY c.synced_at DESC, c.id
        LIMIT $1 OFFSET $2`,
      [limit, (page - 1) * limit],
    )) as Row[];
    const total =
      rows[0]?.total !== undefined
        ? Number(rows[0].total)
        : Number((await this.dataSource.query(`SELECT count(*)::int AS n FROM brokerage.connections`))[0].n);
    return {
      total,
      connections: rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        provider: row.provider,
        providerUserId: row.provider_user_id,
        brokerage: { slug: row.brokerage_slug, name: row.brokerage_name },
        disabled: row.disabled,
        status: row.disabled ? 'DISABLED' : 'CONNECTED',
        accountCount: row.account_count,
        syncedAt: row.synced_at.toISOString(),
      })),
    };
  }
}
