import {
  CopyEngineAdminRpc,
  type AdminTradeRecord,
  type AdminTradeView,
  type CopiesOfTradesPayload,
  type CopiesOfTradesRpcReply,
} from '@copytrade/contracts';
import type { RpcCallContext, RpcClient } from '@copytrade/nest';
import { lookUpUsers } from '../rpc/identity-users.lookup';

/**
 * Traces' trades completed for the admin's list: each trade's copies from the copy engine (count and the first 3,
 * then '...and {moreCopies} more') and the trader's and copiers' usernames from identity (null when identity does
 * not answer; the copies themselves are required, so a copy engine that does not answer fails the read: 503).
 */
export async function toAdminTradeViews(
  records: AdminTradeRecord[],
  clients: { copyEngine: RpcClient; identity: RpcClient },
  context: RpcCallContext,
): Promise<AdminTradeView[]> {
  if (records.length === 0) return [];
  const { copies } = await clients.copyEngine.request<CopiesOfTradesPayload, CopiesOfTradesRpcReply>(
    CopyEngineAdminRpc.copiesOfTrades,
    { tradeIds: records.map((record) => record.id) },
    context,
  );
  const people = [
    ...records.map((record) => record.trader.id),
    ...Object.values(copies).flatMap(({ first }) => first.map((copy) => copy.copierUserId)),
  ];
  const users = await lookUpUsers(clients.identity, people, context);
  const nameOf = (id: string) => users.get(id)?.username ?? null;
  return records.map((record) => {
    const ofTrade = copies[record.id] ?? { count: 0, first: [] };
    return {
      ...record,
      trader: { id: record.trader.id, username: nameOf(record.trader.id) },
      copyCount: ofTrade.count,
      copyInstances: ofTrade.first.map((copy) => ({ ...copy, copierUsername: nameOf(copy.copierUserId) })),
      moreCopies: ofTrade.count - ofTrade.first.length,
    };
  });
}
