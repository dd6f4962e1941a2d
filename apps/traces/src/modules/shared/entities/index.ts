import { OnboardingTraderEntity } from './onboarding-trader.entity';
import { PostEntity } from './post.entity';
import { SubscriptionEntity } from './subscription.entity';
import { TierEntity } from './tier.entity';
import { TraceAvatarEntity } from './trace-avatar.entity';
import { TraceFollowerResultsEntity } from './trace-follower-results.entity';
import { TraceLikeEntity } from './trace-like.entity';
import { TraceEntity } from './trace.entity';
import { TradeEntity } from './trade.entity';

export {
  OnboardingTraderEntity,
  PostEntity,
  SubscriptionEntity,
  TierEntity,
  TraceAvatarEntity,
  TraceFollowerResultsEntity,
  TraceLikeEntity,
  TraceEntity,
  TradeEntity,
};

export const TRACES_ENTITIES = [
  TraceEntity,
  TierEntity,
  SubscriptionEntity,
  TradeEntity,
  PostEntity,
  TraceLikeEntity,
  OnboardingTraderEntity,
  TraceAvatarEntity,
  TraceFollowerResultsEntity,
];
