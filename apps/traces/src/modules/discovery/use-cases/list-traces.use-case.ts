import { Injectable } from '@nestjs/common';
import {
  MOST_PROFITABLE_MIN_MONTHLY_RETURN,
  TOP_RATED_MIN_WIN_RATE,
  TRACES_PAGE_DEFAULT,
  type ListTracesQueryDto,
  type ListTracesRpcReply,
  type TraceSort,
} from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { cardFiguresOf } from '../../follower-results/follower-results.store';
import { TraceEntity, TraceFollowerResultsEntity } from '../../shared/entities';
import { toTraceSummaryView } from '../../shared/trace-views';

const SORT_COLUMNS: Record<TraceSort, string> = {
  return: 'trace.monthly_return',
  subscribers: 'trace.subscriber_count',
  winrate: 'trace.win_rate',
  followers: 'results.follower_return_median',
};

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /api/traces. Search is a case-insensitive substring of name, handle or a trading style (search_text,
 * pg_trgm GIN index). Categories: Top Rated = verified with win rate ≥ 60 %; Most Profitable = monthly return
 * ≥ 20 %; Crypto / Stocks = the trading style. Sorted descending with id as the tie-break (stable pages); `followers`
 * by the all-time median follower return, traces without one (nothing computed, or too few copies) last.
 */
@Injectable()
export class ListTracesUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute(query: ListTracesQueryDto): Promise<ListTracesRpcReply> {
    const limit = query.limit ?? TRACES_PAGE_DEFAULT;
    const offset = query.offset ?? 0;
    const builder = this.dataSource.getRepository(TraceEntity).createQueryBuilder('trace').where('trace.is_active');
    const search = query.search?.trim();
    if (search) builder.andWhere(`trace.search_text LIKE :search ESCAPE '\\'`, { search: likePattern(search) });
    if (query.featured !== undefined) builder.andWhere('trace.is_featured = :featured', { featured: query.featured });
    switch (query.category) {
      case 'Top Rated':
        builder.andWhere('trace.is_verified AND trace.win_rate >= :minWinRate', { minWinRate: TOP_RATED_MIN_WIN_RATE });
        break;
      case 'Most Profitable':
        builder.andWhere('trace.monthly_return >= :minReturn', { minReturn: MOST_PROFITABLE_MIN_MONTHLY_RETURN });
        break;
      case 'Crypto':
        builder.andWhere(`'crypto' = ANY(trace.trading_style)`);
        break;
      case 'Stocks':
        builder.andWhere(`'stocks' = ANY(trace.trading_style)`);
        break;
    }
    const sortBy = query.sortBy ?? 'return';
    if (sortBy === 'followers') builder.leftJoin(TraceFollowerResultsEntity, 'results', 'results.trace_id = trace.id');
    const rows = await builder
      .orderBy(SORT_COLUMNS[sortBy], 'DESC', sortBy === 'followers' ? 'NULLS LAST' : undefined)
      .addOrderBy('trace.id', 'ASC')
      .offset(offset)
      .limit(limit + 1)
      .getMany();
    const page = rows.slice(0, limit);
    const figures = await cardFiguresOf(
      this.dataSource.manager,
      page.map((trace) => trace.id),
    );
    return {
      traces: page.map((trace) => toTraceSummaryView(trace, figures.get(trace.id))),
      pagination: { limit, offset, nextOffset: rows.length > limit ? offset + limit : null },
    };
  }
}
