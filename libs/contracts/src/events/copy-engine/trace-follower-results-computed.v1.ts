import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsUUID,
  Min,
  ValidateNested,
} from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import {
  FOLLOWER_RESULTS_SERIES_WEEKS,
  FOLLOWER_RESULTS_WINDOWS,
  type FollowerResultsFigures,
  type FollowerResultsWeek,
  type FollowerResultsWindow,
  type TraceFollowerResults,
} from '../../rules/follower-results.rules';

export class FollowerResultsFiguresV1 implements FollowerResultsFigures {
  @IsIn(FOLLOWER_RESULTS_WINDOWS)
  window: FollowerResultsWindow;

  @IsInt() @Min(0) followers: number;
  @IsInt() @Min(0) copiesPlaced: number;
  @IsInt() @Min(0) copiesSkipped: number;
  @IsInt() @Min(0) copiesNotPlaced: number;
  @IsOptional() @IsNumber() fillRate: number | null;
  @IsInt() @Min(0) closedCopies: number;
  @IsOptional() @IsNumber() followerReturnMedian: number | null;
  @IsOptional() @IsNumber() followerReturnP90: number | null;
  @IsOptional() @IsNumber() traderReturnMedian: number | null;
  @IsOptional() @IsNumber() delayMedianMs: number | null;
  @IsOptional() @IsNumber() delayP95Ms: number | null;
  @IsOptional() @IsNumber() slippageMedian: number | null;
  @IsOptional() @IsNumber() slippageP95: number | null;
  @IsOptional() @IsNumber() autoCopiedShare: number | null;
  @IsInt() @Min(0) sharedTrades: number;
}

export class FollowerResultsWeekV1 implements FollowerResultsWeek {
  @IsISO8601() weekStart: string;
  @IsInt() @Min(0) copiesPlaced: number;
  @IsInt() @Min(0) copiesNotPlaced: number;
  @IsOptional() @IsNumber() followerReturnMedian: number | null;
  @IsOptional() @IsNumber() traderReturnMedian: number | null;
  @IsOptional() @IsNumber() slippageMedian: number | null;
}

/**
 * A trace's follower results were computed again (a copy of one of its trades opened, failed, was skipped or closed,
 * or a day passed). Aggregate `trace-results:<traceId>`: the latest version is the current figures, so a consumer
 * keeps only the newest. Produced by the copy engine from its own copies; kept by traces for the trace page, the
 * discovery sort and the owner's Analytics tab.
 */
export class TraceFollowerResultsComputedV1 implements TraceFollowerResults {
  @IsUUID()
  traceId: string;

  @IsISO8601()
  computedAt: string;

  @IsArray()
  @ArrayMaxSize(FOLLOWER_RESULTS_WINDOWS.length)
  @ValidateNested({ each: true })
  @Type(() => FollowerResultsFiguresV1)
  windows: FollowerResultsFiguresV1[];

  @IsArray()
  @ArrayMaxSize(FOLLOWER_RESULTS_SERIES_WEEKS)
  @ValidateNested({ each: true })
  @Type(() => FollowerResultsWeekV1)
  weekly: FollowerResultsWeekV1[];
}

export const TraceFollowerResultsComputed = defineCataloguedEvent(TraceFollowerResultsComputedV1, {
  type: 'TraceFollowerResultsComputed',
  version: 1,
  subject: 'events.copy-engine.trace-results.computed.v1',
  producer: 'copy-engine',
});
