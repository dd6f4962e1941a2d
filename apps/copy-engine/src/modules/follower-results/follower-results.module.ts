import { Module } from '@nestjs/common';
import { FollowerResultsRecompute } from './follower-results-recompute';
import { FollowerResultsRefresh } from './follower-results-refresh';

/**
 * Follower results (docs/follower-results.md): each trace's figures from its own copies, kept current from the change
 * log its copies' triggers write, refreshed daily, announced with TraceFollowerResultsComputed.
 */
@Module({
  providers: [FollowerResultsRecompute, FollowerResultsRefresh],
  exports: [FollowerResultsRecompute, FollowerResultsRefresh],
})
export class FollowerResultsComputationModule {}
