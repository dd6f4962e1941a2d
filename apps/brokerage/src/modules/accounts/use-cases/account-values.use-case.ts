import { Inject, Injectable } from '@nestjs/common';
import type { AccountValueView, AccountValuesRpcReply } from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';

interface PrimaryAccountRow {
  userId: string;
  accountId: string;
  /** The last balance read of the account (null when none was ever read). */
  totalValue: string | null;
  currency: string | null;
  asOf: Date | null;
}

/**
 * rpc.brokerage.account-values.list: the value of each given user's primary account (the first of their accounts
 * list, where orders go when none is named), for the copy engine's sizing of copies by a percentage of it. From what
 * the brokerage already holds, in one query for the whole list: the paper broker's own balances (cash and positions at
 * its price feed, now); for a provider we only reach over the network, the balances last read from it (the portfolio
 * chart's snapshots) — never a provider call per user, so a fan-out to thousands costs the provider nothing. A user
 * with no account, or whose account's value was never read, is left out.
 */
@Injectable()
export class AccountValuesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  async execute(userIds: string[]): Promise<AccountValuesRpcReply> {
    const wanted = [...new Set(userIds.map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return { values: [] };
    const rows = await this.primaryAccounts(wanted);
    if (!this.provider.balancesOf) return { values: rows.filter(hasValue).map(toView) };
    const balances = await this.provider.balancesOf(rows.map((row) => row.accountId));
    const now = new Date();
    return {
      values: rows.flatMap((row) => {
        const balance = balances.get(row.accountId);
        return balance
          ? [toView({ ...row, totalValue: balance.totalValue, currency: balance.currency, asOf: now })]
          : [];
      }),
    };
  }

  /** Each user's primary account with this provider, and its last balance read (a paper account's is not used). */
  private primaryAccounts(userIds: string[]): Promise<PrimaryAccountRow[]> {
    return this.dataSource.query(
      `WITH primary_accounts AS (
         SELECT DISTINCT ON (a.user_id) a.user_id, a.id
           FROM brokerage.accounts a
           JOIN brokerage.provider_users p ON p.user_id = a.user_id AND p.provider = $2
          WHERE a.user_id = ANY($1::uuid[])
          ORDER BY a.user_id, a.position
       )
       SELECT pa.user_id::text AS "userId", pa.id AS "accountId", s.total_value::text AS "totalValue",
              s.currency, s.recorded_at AS "asOf"
         FROM primary_accounts pa
         LEFT JOIN LATERAL (
           SELECT b.total_value, b.currency, b.recorded_at
             FROM brokerage.balance_snapshots b
            WHERE b.account_id = pa.id
            ORDER BY b.bucket_start DESC
            LIMIT 1
         ) s ON true`,
      [userIds, this.provider.name],
    ) as Promise<PrimaryAccountRow[]>;
  }
}

const hasValue = (row: PrimaryAccountRow) => row.totalValue !== null && row.currency !== null && row.asOf !== null;

const toView = (row: PrimaryAccountRow): AccountValueView => ({
  userId: row.userId,
  accountId: row.accountId,
  totalValue: row.totalValue!,
  currency: row.currency!,
  asOf: new Date(row.asOf!).toISOString(),
});
