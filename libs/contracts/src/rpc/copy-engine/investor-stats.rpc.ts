import { InvestorStatsQueryDto, type InvestorStatsView } from '../../http/copy-engine/investor-stats.dto';
import { rpcCallOf } from '../rpc-call';

/** Admin statistics computed by the copy engine from its copy instances (admins only, re-checked there). */
export const CopyEngineAnalyticsRpc = {
  investorStats: 'rpc.copy-engine.analytics.investor-stats',
} as const;

export interface InvestorStatsRpcReply {
  stats: InvestorStatsView;
}

export class InvestorStatsRpcCall extends rpcCallOf(InvestorStatsQueryDto) {}
