import { randomUUID } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  TradeAudienceRpc,
  type EventEnvelope,
  type RpcRequest,
  type TradeViewersRpcPayload,
  type TradeViewersRpcReply,
} from '@copytrade/contracts';
import { natsRpcServerOptions } from '@copytrade/nest';
import type { DataSource } from 'typeorm';

/** What the traces stand-in answers: each trade's trace and the followers who may see it. */
export const tracesWorld = {
  trades: new Map<string, { trace: NonNullable<TradeViewersRpcReply['trace']>; userIds: string[] }>(),
  /** Ids per page at most, below what identity asks for, so a small audience spans pages. */
  pageSize: 2,
  calls: 0,
};

@Controller()
class TradeAudienceStandIn {
  @MessagePattern(TradeAudienceRpc.list)
  list(@Payload() { payload }: RpcRequest<TradeViewersRpcPayload>): TradeViewersRpcReply {
    tracesWorld.calls += 1;
    const trade = tracesWorld.trades.get(payload.tradeId);
    if (!trade) return { trace: null, userIds: [], nextCursor: null };
    const limit = Math.min(payload.limit ?? tracesWorld.pageSize, tracesWorld.pageSize);
    const userIds = [...trade.userIds]
      .sort()
      .filter((id) => !payload.after || id > payload.after)
      .slice(0, limit);
    return { trace: trade.trace, userIds, nextCursor: userIds.length === limit ? userIds[limit - 1]! : null };
  }
}

@Module({ controllers: [TradeAudienceStandIn] })
class TracesStandInModule {}

/** rpc.traces.trade-audience.list answered from `tracesWorld`, on the suite's NATS. */
export async function startTracesStandIn(natsUrl: string): Promise<INestMicroservice> {
  const service = await NestFactory.createMicroservice(TracesStandInModule, {
    ...natsRpcServerOptions(natsUrl, 'traces'),
    logger: false,
  });
  await service.listen();
  return service;
}

export function envelope<T>(
  type: string,
  producer: string,
  aggregateId: string,
  version: number,
  data: T,
  occurredAt = new Date(),
): EventEnvelope<T> {
  return {
    id: randomUUID(),
    type,
    version: 1,
    occurredAt: occurredAt.toISOString(),
    producer,
    correlationId: randomUUID(),
    aggregateId,
    aggregateVersion: version,
    data,
  };
}

/** Publishes the envelope; `again` publishes it once more without the msg id (a redelivery, as a consumer sees one). */
export async function publish(nc: NatsConnection, subject: string, event: EventEnvelope, again = false) {
  await jetstream(nc).publish(subject, JSON.stringify(event), again ? {} : { msgID: event.id });
}

export async function newUser(db: DataSource, options: { admin?: boolean; username?: string } = {}): Promise<string> {
  const [row] = (await db.query(
    `INSERT INTO identity.users (username, email, password_hash, is_admin) VALUES ($1, $2, 'x', $3) RETURNING id`,
    [options.username ?? `u${randomUUID().slice(0, 8)}`, `${randomUUID()}@example.com`, options.admin ?? false],
  )) as Array<{ id: string }>;
  return row!.id;
}

export interface StoredNotification {
  kind: string;
  title: string;
  body: string;
  link: string;
  dedupeKey: string;
  emailTopic: string | null;
  emailedAt: Date | null;
  readAt: Date | null;
  createdAt: Date;
}

export const notificationsOf = (db: DataSource, userId: string): Promise<StoredNotification[]> =>
  db.query(
    `SELECT kind, title, body, link, dedupe_key AS "dedupeKey", email_topic AS "emailTopic", emailed_at AS "emailedAt",
            read_at AS "readAt", created_at AS "createdAt"
       FROM identity.notifications WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );

/** Whether the consumer committed the event (its inbox row): "nothing was notified" is then final. */
export async function consumed(db: DataSource, consumer: string, eventId: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM identity.inbox WHERE consumer = $1 AND event_id = $2`, [
    consumer,
    eventId,
  ]);
  return rows.length > 0;
}
