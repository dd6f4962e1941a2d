import { Injectable } from '@nestjs/common';
import {
  LIVE_TRADES_MAX,
  TIER_NAMES,
  type LiveTradesRpcPayload,
  type LiveTradesRpcReply,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException, selectList, type RpcCallContext } from '@copytrade/nest';
import { DataSource, In } from 'typeorm';
import { IdentityUsers } from '../identity-users/identity-users';
import { TraceEntity, TradeEntity } from '../shared/entities';
import { TRADE_COLUMNS, type TradeRow } from '../shared/entities/trade.columns';
import { requireActor } from '../shared/trace-access';
import { toTradeView } from '../shared/trace-views';

/** A username is kept this long (a renamed trader shows the new name within it). */
export const NAMES_TTL_MS = 60_000;
const NAMES_MAX = 10_000;

/**
 * rpc.traces.live-trades.list (the Trading Terminal, through the copy engine): the OPEN shared trades of the traces
 * the user owns or actively subscribes to, by the trace page's tier rule (`ListTradesUseCase`: the owner every
 * shared trade; an active subscriber those whose required tier ranks at or below theirs), newest first, the
 * newest LIVE_TRADES_MAX. Read on every call from the database, so a new, ended or upgraded subscription counts at
 * once. The traders' usernames in one batched identity lookup, kept NAMES_TTL_MS (null when identity does not answer in
 * time).
 */
@Injectable()
export class ListLiveTradesUseCase {
  /** Owners' usernames read in the last NAMES_TTL_MS (the feed is polled every 30 s by every follower). */
  private readonly names = new Map<string, { username: string; until: number }>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly identityUsers: IdentityUsers,
  ) {}

  /** Usernames by owner id: the fresh ones from memory, the rest in one identity lookup (none when it fails). */
  private async ownerNames(ids: string[], context: RpcCallContext): Promise<Map<string, string>> {
    const now = Date.now();
    const known = new Map<string, string>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const cached = this.names.get(id);
      if (cached && cached.until > now) known.set(id, cached.username);
      else missing.push(id);
    }
    if (missing.length === 0) return known;
    const found = await this.identityUsers.ownersOf(missing, context);
    if (this.names.size > NAMES_MAX) this.names.clear();
    for (const [id, user] of found) {
      known.set(id, user.username);
      this.names.set(id, { username: user.username, until: now + NAMES_TTL_MS });
    }
    return known;
  }

  async execute({ actor, payload, requestId }: RpcRequest<LiveTradesRpcPayload>): Promise<LiveTradesRpcReply> {
    const { userId } = requireActor(actor);
    if (payload.userId !== userId) throw DomainException.forbidden('You can only see your own live positions.');
    // The traces the user may see, with the rank of their access (the owner: the highest), then their trades.
    const { id } = TRADE_COLUMNS;
    const rows: Array<Pick<TradeRow, 'id'>> = await this.dataSource.query(
      `WITH visible AS (
         SELECT trace_id, max(rank) AS rank FROM (
           SELECT trace.id AS trace_id, $3::int AS rank FROM traces.traces trace WHERE trace.owner_user_id = $1
           UNION ALL
           SELECT subscription.trace_id, tier.rank
             FROM traces.subscriptions subscription
             JOIN traces.tiers tier ON tier.id = subscription.tier_id
            WHERE subscription.user_id = $1 AND subscription.status = 'active'
         ) access GROUP BY trace_id)
       SELECT ${selectList<Pick<TradeRow, 'id'>>({ id }, 'trade')}
         FROM visible
         JOIN traces.trades trade ON trade.trace_id = visible.trace_id
        WHERE trade.is_shared AND trade.status = 'open'
          AND visible.rank >= array_position($2::text[], trade.required_tier) - 1
        ORDER BY trade.executed_at DESC, trade.id DESC
        LIMIT $4`,
      [userId, [...TIER_NAMES], TIER_NAMES.length - 1, LIVE_TRADES_MAX + 1],
    );
    const ids = rows.slice(0, LIVE_TRADES_MAX).map((row) => row.id);
    if (ids.length === 0) return { trades: [], truncated: false };
    const manager = this.dataSource.manager;
    const trades = new Map((await manager.findBy(TradeEntity, { id: In(ids) })).map((trade) => [trade.id, trade]));
    const traceIds = [...new Set([...trades.values()].map((trade) => trade.traceId))];
    const traces = new Map((await manager.findBy(TraceEntity, { id: In(traceIds) })).map((trace) => [trace.id, trace]));
    const owners = await this.ownerNames(
      [...traces.values()].map((trace) => trace.ownerUserId),
      { requestId, actor },
    );
    const views = ids.flatMap((id) => {
      const trade = trades.get(id);
      const trace = trade && traces.get(trade.traceId);
      if (!trade || !trace) return []; // deleted between the two reads
      return [
        {
          ...toTradeView(trade),
          traceId: trace.id,
          traceName: trace.name,
          traceHandle: trace.handle,
          traceAvatar: trace.avatarUrl ?? null,
          trader: { id: trace.ownerUserId, username: owners.get(trace.ownerUserId) ?? null },
          sharedAt: trade.sharedAt?.toISOString() ?? null,
          lastSyncedAt: (trade.sharedAt ?? trade.createdAt).toISOString(),
          isOwn: trace.ownerUserId === userId,
        },
      ];
    });
    return { trades: views, truncated: rows.length > LIVE_TRADES_MAX };
  }
}
