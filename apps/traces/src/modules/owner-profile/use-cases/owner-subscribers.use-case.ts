import { Injectable } from '@nestjs/common';
import {
  OWNER_SUBSCRIBERS_PAGE_DEFAULT,
  type ListOwnerSubscribersRpcReply,
  type ListOwnerSubscribersRpcRequest,
  type RpcRequest,
  type SubscriptionStatus,
  type TierName,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { IdentityUsers } from '../../identity-users/identity-users';
import { requireTraceOwner } from '../../shared/trace-access';

// At most 18 digits: any such number of microseconds fits PostgreSQL's bigint and timestamptz (a 500 otherwise).
const POSITION = /^(\d{1,18})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

interface SubscriberPosition {
  createdMicros: string;
  id: string;
}

/** The opaque cursor of a page of subscribers: base64url of the last row's position (created_at, id). */
export const OwnerSubscribersCursor = {
  encode: ({ createdMicros, id }: SubscriberPosition): string =>
    Buffer.from(`${createdMicros}.${id}`).toString('base64url'),

  /** The position a cursor names; 400 for anything this service did not hand out. */
  decode(cursor: string): SubscriberPosition {
    const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!match) throw DomainException.badRequest('cursor is not valid');
    return { createdMicros: match[1]!, id: match[2]! };
  },
};

interface SubscriberRow {
  id: string;
  user_id: string;
  tier_name: string;
  status: SubscriptionStatus;
  created_at: Date;
  created_micros: string;
  copies: number;
}

/**
 * GET /api/trace-owner/{traceId}/subscribers (owner only): everyone who subscribed, active or ended, newest first
 * (keyset on created_at, id), with their tier, status, since when, how many copies of this trace's trades they
 * placed (the copies traces counted) and their username (null when identity does not answer in time).
 */
@Injectable()
export class OwnerSubscribersUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly identityUsers: IdentityUsers,
  ) {}

  async execute({
    actor,
    payload,
    requestId,
  }: RpcRequest<ListOwnerSubscribersRpcRequest>): Promise<ListOwnerSubscribersRpcReply> {
    const manager = this.dataSource.manager;
    const after = payload.cursor ? OwnerSubscribersCursor.decode(payload.cursor) : null;
    const limit = payload.limit ?? OWNER_SUBSCRIBERS_PAGE_DEFAULT;
    const trace = await requireTraceOwner(manager, payload.traceId, actor);
    const rows = (await manager.query(
      `SELECT s.id::text AS id, s.user_id::text AS user_id, s.tier_name, s.status, s.created_at,
              ((extract(epoch FROM s.created_at) * 1000000)::bigint)::text AS created_micros,
              (SELECT count(*)::int FROM traces.trade_copies c
                WHERE c.trace_id = s.trace_id AND c.follower_user_id = s.user_id) AS copies
         FROM traces.subscriptions s
        WHERE s.trace_id = $1
          AND ($2::bigint IS NULL
               OR (s.created_at, s.id) < (timestamptz 'epoch' + $2::bigint * interval '1 microsecond', $3::uuid))
        ORDER BY s.created_at DESC, s.id DESC
        LIMIT $4`,
      [trace.id, after?.createdMicros ?? null, after?.id ?? null, limit + 1],
    )) as SubscriberRow[];
    const page = rows.slice(0, limit);
    const names = await this.identityUsers.ownersOf(
      page.map((row) => row.user_id),
      { requestId, actor },
    );
    const last = page[page.length - 1];
    return {
      subscribers: page.map((row) => ({
        userId: row.user_id,
        username: names.get(row.user_id)?.username ?? null,
        tier: row.tier_name as TierName,
        status: row.status,
        since: row.created_at.toISOString(),
        copies: row.copies,
      })),
      nextCursor:
        rows.length > limit && last
          ? OwnerSubscribersCursor.encode({ createdMicros: last.created_micros, id: last.id })
          : null,
    };
  }
}
