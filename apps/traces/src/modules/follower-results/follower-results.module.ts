import { Module } from '@nestjs/common';
import { FollowerResultsHandler } from './follower-results.handler';

/** The follower results of each trace, kept from the copy engine's TraceFollowerResultsComputed. */
@Module({ providers: [FollowerResultsHandler] })
export class FollowerResultsModule {}
