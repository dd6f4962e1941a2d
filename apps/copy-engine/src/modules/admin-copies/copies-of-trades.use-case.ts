import { Injectable } from '@nestjs/common';
import {
  ADMIN_TRADE_COPIES_SHOWN,
  Messages,
  type AdminCopyRecord,
  type CopiesOfTradesPayload,
  type CopiesOfTradesRpcReply,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { TABLE } from '../copies/copy-instances.store';

interface Row {
  trade_id: string;
  count: string;
  id: string;
  user_id: string;
  copy_amount: string;
  created_at: Date;
  status: 'PENDING' | 'OPEN' | 'CLOSED';
}

const STATUS: Record<Row['status'], AdminCopyRecord['status']> = { PENDING: 'pending', OPEN: 'open', CLOSED: 'closed' };

/**
 * The admin trade list's copies (docs/product.md#admin-panel): per trade, how many copies count (FAILED ones never
 * existed for the follower) and the first ADMIN_TRADE_COPIES_SHOWN of them, oldest first. One query over the
 * (original_trade_id, status) index for the whole page of trades.
 */
@Injectable()
export class CopiesOfTradesUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ actor, payload }: RpcRequest<CopiesOfTradesPayload>): Promise<CopiesOfTradesRpcReply> {
    if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    if (!actor.isAdmin) throw DomainException.forbidden(Messages.adminOnly);
    if (payload.tradeIds.length === 0) return { copies: {} };
    const rows = (await this.dataSource.query(
      `SELECT trade_id, count::text, id, user_id, copy_amount::text, created_at, status
         FROM (SELECT original_trade_id AS trade_id, id, user_id, copy_amount, created_at, status,
                      row_number() OVER (PARTITION BY original_trade_id ORDER BY created_at, id) AS position,
                      count(*) OVER (PARTITION BY original_trade_id) AS count
                 FROM ${TABLE}
                WHERE original_trade_id = ANY($1::uuid[]) AND status <> 'FAILED') copies
        WHERE position <= $2
        ORDER BY trade_id, position`,
      [payload.tradeIds, ADMIN_TRADE_COPIES_SHOWN],
    )) as Row[];
    const copies: CopiesOfTradesRpcReply['copies'] = {};
    for (const row of rows) {
      const entry = (copies[row.trade_id] ??= { count: Number(row.count), first: [] });
      entry.first.push({
        id: row.id,
        copierUserId: row.user_id,
        copyAmount: Number(row.copy_amount),
        copiedAt: row.created_at.toISOString(),
        status: STATUS[row.status],
      });
    }
    return { copies };
  }
}
