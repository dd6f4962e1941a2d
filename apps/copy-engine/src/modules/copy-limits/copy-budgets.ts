import { Inject, Injectable } from '@nestjs/common';
import {
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageRpc,
  type AccountValuesRpcReply,
  type AccountValuesRpcRequest,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import Decimal from 'decimal.js';
import type { CopyingFollower } from '../auto-copy/auto-copy.store';
import { COPY_ENGINE_RPC } from '../copies/copies.tokens';
import type { FollowerGuards } from '../copy-guards/copy-guards.store';
import { copyBudget, type CopyBudget } from './copy-limits';

/** Copies are in US dollars: an account valued in another currency cannot size them, so its value counts as unknown. */
const SIZING_CURRENCY = 'USD';

const sizesByAccount = (guards: FollowerGuards) => guards.sizingMode === 'account_percent';

/**
 * The budgets of automatic copies (docs/product.md, "Copy guards"): followers who size by a percentage of their
 * account have their primary accounts' values asked of the brokerage in one system call for the whole page
 * (rpc.brokerage.account-values.list, from what it already holds); no call when none of them does. A brokerage that
 * does not answer throws, so the event that asked is delivered again rather than copies sized on a guess.
 */
@Injectable()
export class CopyBudgets {
  constructor(@Inject(COPY_ENGINE_RPC) private readonly rpc: RpcClient) {}

  /** Each follower's budget by user id; `guardsOf` answers a follower's follower-wide guards. */
  async of(
    followers: CopyingFollower[],
    guardsOf: (userId: string) => FollowerGuards,
    correlationId: string,
  ): Promise<Map<string, CopyBudget>> {
    const byAccount = followers.filter((follower) => sizesByAccount(guardsOf(follower.userId)));
    const values = await this.accountValues(
      byAccount.map((follower) => follower.userId),
      correlationId,
    );
    return new Map(
      followers.map((follower) => {
        const guards = guardsOf(follower.userId);
        return [
          follower.userId,
          copyBudget({
            sizingMode: guards.sizingMode,
            sizingPercent: guards.sizingPercent,
            defaultCopyAmount: follower.defaultCopyAmount,
            maxCopyAmount: follower.maxCopyAmount === null ? null : new Decimal(follower.maxCopyAmount),
            accountValue: values.get(follower.userId) ?? null,
          }),
        ];
      }),
    );
  }

  /** The US-dollar values of these users' primary accounts the brokerage knows (the others left out). */
  private async accountValues(userIds: string[], correlationId: string): Promise<Map<string, Decimal>> {
    if (userIds.length === 0) return new Map();
    const { values } = await this.rpc.request<AccountValuesRpcRequest, AccountValuesRpcReply>(
      BrokerageRpc.accountValues,
      { userIds },
      { requestId: correlationId },
      BROKERAGE_READ_RPC_TIMEOUT_MS,
    );
    return new Map(
      values
        .filter((value) => value.currency.toUpperCase() === SIZING_CURRENCY)
        .map((value) => [value.userId, new Decimal(value.totalValue)]),
    );
  }
}
