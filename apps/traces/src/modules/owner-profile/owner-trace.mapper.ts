import type { OwnerTraceView } from '@copytrade/contracts';
import type { TraceEntity } from '../shared/entities';

const num = (value: string | number | null | undefined): number => (value == null ? 0 : Number(value));

/** The trace as its owner edits it: the profile, the privacy settings and the headline figures. */
export function toOwnerTraceView(trace: TraceEntity): OwnerTraceView {
  return {
    id: trace.id,
    name: trace.name,
    handle: trace.handle,
    description: trace.description,
    bio: trace.bio,
    tradingStyle: trace.tradingStyle,
    riskLevel: trace.riskLevel,
    minInvestment: num(trace.minInvestment),
    allowComments: trace.allowComments,
    allowCopying: trace.allowCopying,
    autoShareProfitableTrades: trace.autoShareProfitableTrades,
    defaultSharingTier: trace.defaultSharingTier,
    publicProfile: trace.publicProfile,
    avatar: trace.avatarUrl,
    subscriberCount: trace.subscriberCount,
    monthlyReturn: num(trace.monthlyReturn),
    winRate: num(trace.winRate),
    totalLikes: trace.totalLikes,
  };
}
