import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { EVENTS_STREAM, type EventEnvelope } from '@copytrade/contracts';
import { parseEventEnvelope, peekEventId } from './event-envelope.parser';
import { AggregateOrder, aggregateOf, type AggregateRef } from './aggregate-order';
import { registerConsumerLag } from './consumer-lag';
import { isConsumerNotFound } from './jetstream-connection';
import { MessagingException } from './messaging.exception';
import { errorMessage, errorStack, type MessagingLogger } from './messaging-logger';
import { messagingMetrics } from './messaging-metrics';
import { messagingTableName } from './messaging-table-name.util';
import { publishOpsAlert } from './ops-alerts';

export type EventHandler<T = unknown> = (envelope: EventEnvelope<T>, manager: EntityManager) => Promise<void>;
/** Applies a group's new events (in stream order) inside the group's one transaction; write only through `manager`. */
export type EventGroupHandler<T = unknown> = (
  envelopes: Array<EventEnvelope<T>>,
  manager: EntityManager,
) => Promise<void>;

export interface DurableEventConsumerOptions<T = unknown> {
  dataSource: DataSource;
  nc: NatsConnection;
  /** The consuming service's schema (its inbox and dead_letter tables). */
  schema: string;
  stream?: string;
  /** Durable consumer name; also the `consumer` column of the inbox. One per handler. */
  durableName: string;
  filterSubject: string;
  /** Runs inside the transaction that records the inbox row; write only through `manager`. */
  handler: EventHandler<T>;
  ackWaitMs?: number;
  /** Deliveries after which a still-failing event is dead-lettered. */
  maxDeliver?: number;
  /** Redelivery delay after the 1st, 2nd, … failure; the last value repeats. */
  backoffMs?: number[];
  /** Errors retrying cannot fix (validation, business rule): dead-lettered on the first delivery. */
  isPermanentError?: (error: unknown) => boolean;
  /** Messages pulled per request; small, so pulled-but-unprocessed messages never outlive ackWait. */
  batchSize?: number;
  /**
   * How long an event may be held back waiting for the previous version of its aggregate before it is
   * dead-lettered (the gap did not fill: an earlier event was dead-lettered, set aside, or never consumed here).
   */
  orderingHoldMs?: number;
  /** Redelivery delay after the 1st, 2nd, … hold-back; the last value repeats. */
  holdBackoffMs?: number[];
  /**
   * Group commit: up to this many events already received are applied in one transaction, so a burst (a fan-out's
   * thousands of copy events) costs one commit, one inbox insert and one round of acks per group instead of per
   * event. While idle a group is the one event that arrived: no added latency. Only first deliveries are grouped; a
   * group that fails, or holds an event that must wait for its predecessor, is rolled back and applied again one
   * event at a time, so a poison event still fails alone. Default 1 (no grouping).
   */
  groupSize?: number;
  /** With `groupSize`, receives a group's new events at once (one statement for all); else `handler` runs per event. */
  groupHandler?: EventGroupHandler<T>;
  /** `service` label of the metrics; defaults to the schema. */
  service?: string;
  logger?: MessagingLogger;
}

/** `stale`: an older or repeated version of its aggregate, skipped; `held`: its predecessor is not applied yet. */
export type Outcome = 'handled' | 'duplicate' | 'stale' | 'held';

/** Header of a redriven dead letter: only the named durable applies it, every other consumer acks it unseen. */
export const REDRIVE_FOR_HEADER = 'Copytrade-Redrive-For';

const DEFAULT_BACKOFF_MS = [1_000, 5_000, 15_000, 30_000, 60_000];
const DEFAULT_HOLD_BACKOFF_MS = [200, 500, 1_000, 2_000, 5_000];
const DEFAULT_ORDERING_HOLD_MS = 5 * 60_000;

/** Thrown inside the event's transaction to roll its inbox row back when the event must wait. */
class HeldBack extends Error {}
/** Thrown inside a group's transaction when one of its events must wait: the group is applied one event at a time. */
class GroupNeedsSingles extends Error {}
const ACK_CONFIRM_TIMEOUT_MS = 5_000;
const RESTART_BASE_DELAY_MS = 500;
const RESTART_MAX_DELAY_MS = 15_000;

/**
 * Durable pull consumer with an inbox: each event's effect commits at most once per consumer (the inbox
 * primary key), and the message is acked only after that commit. A failure is never dropped: it is
 * redelivered with backoff, or recorded in dead_letter before it is terminated.
 */
export class DurableEventConsumer<T = unknown> {
  private readonly stream: string;
  private readonly ackWaitMs: number;
  private readonly maxDeliver: number;
  private readonly backoffMs: number[];
  private readonly batchSize: number;
  private readonly groupSize: number;
  private readonly logger: MessagingLogger;
  private readonly inboxTable: string;
  private readonly deadLetterTable: string;
  private readonly order: AggregateOrder;
  private readonly orderingHoldMs: number;
  private readonly holdBackoffMs: number[];
  private readonly labels: { service: string; consumer: string };
  private loop: Promise<void> | undefined;
  private messages: ConsumerMessages | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private unregisterLag: (() => void) | undefined;

  constructor(private readonly options: DurableEventConsumerOptions<T>) {
    this.stream = options.stream ?? EVENTS_STREAM;
    this.ackWaitMs = options.ackWaitMs ?? 30_000;
    this.maxDeliver = options.maxDeliver ?? 10;
    this.backoffMs = options.backoffMs?.length ? options.backoffMs : DEFAULT_BACKOFF_MS;
    this.groupSize = Math.max(1, options.groupSize ?? 1);
    this.batchSize = Math.max(options.batchSize ?? 10, this.groupSize);
    this.logger = options.logger ?? new Logger(`DurableEventConsumer:${options.durableName}`);
    this.inboxTable = messagingTableName(options.schema, 'inbox');
    this.deadLetterTable = messagingTableName(options.schema, 'dead_letter');
    this.order = new AggregateOrder(options.dataSource, options.schema, options.durableName);
    this.orderingHoldMs = options.orderingHoldMs ?? DEFAULT_ORDERING_HOLD_MS;
    this.holdBackoffMs = options.holdBackoffMs?.length ? options.holdBackoffMs : DEFAULT_HOLD_BACKOFF_MS;
    this.labels = { service: options.service ?? options.schema, consumer: options.durableName };
  }

  /** Creates or updates the durable consumer (failing fast if JetStream is unreachable), then consumes in the background. */
  async start(): Promise<void> {
    if (this.loop) return;
    this.stopping = false;
    await this.ensureConsumer();
    this.loop = this.run();
    this.unregisterLag = registerConsumerLag({ nc: this.options.nc, stream: this.stream, ...this.labels });
  }

  /** Finishes the message in hand, hands buffered ones back to the server, and returns once idle. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    // close() only queues the end of the iterator; the run loop consumes up to it, so do not await it here.
    void this.messages?.close().catch(() => undefined);
    await this.loop;
    this.loop = undefined;
    this.unregisterLag?.();
    this.unregisterLag = undefined;
  }

  /**
   * Server-side redelivery is unlimited (max_deliver -1): the limit is enforced here, after the dead-letter
   * row is written, so a message is never abandoned by the server while our dead-letter write is failing.
   */
  private async ensureConsumer(): Promise<void> {
    const { nc, durableName, filterSubject } = this.options;
    const jsm = await jetstreamManager(nc);
    const settings = {
      ack_wait: nanos(this.ackWaitMs),
      max_deliver: -1,
      filter_subject: filterSubject,
    };
    try {
      const { config } = await jsm.consumers.info(this.stream, durableName);
      const differs =
        config.ack_wait !== settings.ack_wait ||
        config.max_deliver !== settings.max_deliver ||
        config.filter_subject !== settings.filter_subject;
      if (differs) await jsm.consumers.update(this.stream, durableName, settings);
    } catch (error) {
      if (!isConsumerNotFound(error)) throw error;
      await jsm.consumers.add(this.stream, {
        durable_name: durableName,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ...settings,
      });
    }
  }

  /** Keeps a consume iterator alive for as long as the consumer runs, recreating it (and the durable) when it ends. */
  private async run(): Promise<void> {
    let restarts = 0;
    let needsEnsure = false;
    while (!this.stopping && !this.options.nc.isClosed()) {
      try {
        if (needsEnsure) await this.ensureConsumer();
        const consumer = await jetstream(this.options.nc).consumers.get(this.stream, this.options.durableName);
        // abort_on_missing_resource: if the durable disappears, end the iterator so we recreate it below
        // instead of pulling from nothing forever.
        const messages = await consumer.consume({ max_messages: this.batchSize, abort_on_missing_resource: true });
        this.messages = messages;
        // stop() ran while we were (re)connecting and could not close this one; the loop below drains it.
        if (this.stopping) void messages.close().catch(() => undefined);
        void this.watchStatus(messages);
        if (this.groupSize > 1) {
          await this.consumeInGroups(messages, () => (restarts = 0));
        } else {
          for await (const msg of messages) {
            if (this.stopping) {
              msg.nak(); // pulled but not started: let another instance have it now rather than after ackWait
              continue;
            }
            await this.handleMessage(msg);
            restarts = 0;
          }
        }
      } catch (error) {
        this.logger.warn(`Consuming ${this.options.durableName} failed: ${errorMessage(error)}`);
      }
      if (this.stopping || this.options.nc.isClosed()) break;
      needsEnsure = true;
      const delayMs = Math.min(RESTART_MAX_DELAY_MS, RESTART_BASE_DELAY_MS * 2 ** restarts);
      restarts += 1;
      this.logger.warn(`Consumer ${this.options.durableName} stopped receiving; restarting in ${delayMs} ms`);
      await this.sleep(delayMs);
    }
  }

  /** The iterator survives reconnects on its own; these notifications mean it will not recover by itself. */
  private async watchStatus(messages: ConsumerMessages): Promise<void> {
    for await (const status of messages.status()) {
      const hopeless = (status.type === 'heartbeats_missed' && status.count >= 2) || status.type === 'consumer_deleted';
      if (hopeless) {
        this.logger.warn(`Consumer ${this.options.durableName}: ${status.type}; recreating the iterator`);
        void messages.close().catch(() => undefined);
        return;
      }
    }
  }

  /**
   * Group commit: the iterator is read ahead into a queue of at most `groupSize` messages while the previous group
   * is applied; each turn takes what has arrived. Stream order is kept: groups are applied one after another.
   */
  private async consumeInGroups(messages: ConsumerMessages, progressed: () => void): Promise<void> {
    const queue: JsMsg[] = [];
    let ended = false;
    let arrived: (() => void) | undefined;
    let roomMade: (() => void) | undefined;
    const reader = (async () => {
      try {
        for await (const msg of messages) {
          queue.push(msg);
          arrived?.();
          while (queue.length >= this.groupSize) await new Promise<void>((resolve) => (roomMade = resolve));
        }
      } finally {
        ended = true;
        arrived?.();
      }
    })();
    try {
      for (;;) {
        if (queue.length === 0) {
          if (ended) break;
          await new Promise<void>((resolve) => (arrived = resolve));
          arrived = undefined;
          continue;
        }
        const group = queue.splice(0, this.groupSize);
        roomMade?.();
        roomMade = undefined;
        if (this.stopping) {
          for (const msg of group) msg.nak(); // pulled but not started: another instance may have them now
          continue;
        }
        await this.handleGroup(group);
        progressed();
      }
    } finally {
      // On an unexpected failure the reader must not wait for room forever: end the iterator and let it finish.
      if (!ended) void messages.close().catch(() => undefined);
      queue.length = 0;
      roomMade?.();
    }
    await reader;
  }

  /**
   * The runs of first deliveries of a group are applied together; a redelivery, a redriven dead letter or an
   * unreadable message goes the one-event way, in its place.
   */
  private async handleGroup(group: JsMsg[]): Promise<void> {
    let run: Array<{ msg: JsMsg; envelope: EventEnvelope<T> }> = [];
    for (const msg of group) {
      const envelope = this.groupable(msg);
      if (envelope) {
        run.push({ msg, envelope });
        continue;
      }
      await this.applyRun(run);
      run = [];
      await this.handleMessage(msg);
    }
    await this.applyRun(run);
  }

  private groupable(msg: JsMsg): EventEnvelope<T> | null {
    if (msg.info.redelivered || msg.headers?.get(REDRIVE_FOR_HEADER)) return null;
    try {
      const envelope = parseEventEnvelope(msg.string(), msg.subject) as EventEnvelope<T>;
      aggregateOf(envelope);
      return envelope;
    } catch {
      return null; // handleMessage dead-letters it
    }
  }

  private async applyRun(run: Array<{ msg: JsMsg; envelope: EventEnvelope<T> }>): Promise<void> {
    if (run.length === 0) return;
    if (run.length === 1) return this.handleMessage(run[0]!.msg);
    const keepAlive = setInterval(
      () => run.forEach(({ msg }) => msg.working()),
      Math.max(1_000, Math.floor(this.ackWaitMs / 2)),
    );
    let applied = false;
    try {
      await this.applyGroupOnce(run.map(({ envelope }) => envelope));
      applied = true;
    } catch (error) {
      if (!(error instanceof GroupNeedsSingles))
        this.logger.warn(
          `A group of ${run.length} events failed for ${this.options.durableName} (${errorMessage(error)}); applying them one at a time`,
        );
    } finally {
      clearInterval(keepAlive);
    }
    if (!applied) {
      for (const { msg } of run) await this.handleMessage(msg);
      return;
    }
    await Promise.all(run.map(({ msg, envelope }) => this.acknowledge(msg, envelope.id)));
  }

  /**
   * A group's effect at most once: one inbox insert for all its events, each new one's aggregate claimed in stream
   * order (an early one rolls the whole group back: it is applied alone, and held back there), then the handler.
   */
  private async applyGroupOnce(envelopes: Array<EventEnvelope<T>>): Promise<void> {
    await this.options.dataSource.transaction(async (manager) => {
      const inserted = (await manager.query(
        `INSERT INTO ${this.inboxTable} (consumer, event_id) SELECT $1, unnest($2::uuid[])
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [this.options.durableName, envelopes.map((envelope) => envelope.id)],
      )) as Array<{ event_id: string }>;
      const fresh = new Set(inserted.map((row) => row.event_id));
      // Already applied ones (a read-your-writes applyNow, another replica) are left out.
      const toApply = await this.claimInOrder(
        manager,
        envelopes.filter((envelope) => fresh.has(envelope.id)),
      );
      if (toApply.length === 0) return;
      if (this.options.groupHandler) await this.options.groupHandler(toApply, manager);
      else for (const envelope of toApply) await this.options.handler(envelope, manager);
    });
  }

  /**
   * The group's events whose aggregate version is next (stale ones left out); an early one rolls the group back.
   * Distinct aggregates (the usual burst: one event per copy) are claimed in three statements; a group with several
   * events of one aggregate claims them one by one, in stream order.
   */
  private async claimInOrder(
    manager: EntityManager,
    envelopes: Array<EventEnvelope<T>>,
  ): Promise<Array<EventEnvelope<T>>> {
    const aggregated = envelopes.map((envelope) => ({ envelope, aggregate: aggregateOf(envelope) }));
    const refs = aggregated.flatMap(({ aggregate }) => (aggregate ? [aggregate] : []));
    const distinct = new Set(refs.map((ref) => `${ref.producer}\u0000${ref.id}`)).size === refs.length;
    const checks = distinct && refs.length > 1 ? await this.order.claimAll(manager, refs) : null;
    const toApply: Array<EventEnvelope<T>> = [];
    let claimed = 0;
    for (const { envelope, aggregate } of aggregated) {
      if (aggregate) {
        const check = checks ? checks[claimed++]! : await this.order.claim(manager, aggregate);
        if (check === 'early') throw new GroupNeedsSingles();
        if (check === 'stale') continue;
      }
      toApply.push(envelope);
    }
    return toApply;
  }

  private async handleMessage(msg: JsMsg): Promise<void> {
    if (msg.info.redelivered) messagingMetrics().consumerRedeliveries.inc(this.labels);
    const redriveFor = msg.headers?.get(REDRIVE_FOR_HEADER);
    if (redriveFor && redriveFor !== this.options.durableName) {
      await this.acknowledge(msg, `redrive #${msg.seq}`); // a dead letter sent back to another consumer
      return;
    }
    const payload = msg.string();
    let envelope: EventEnvelope<T>;
    let aggregate: AggregateRef | null;
    try {
      envelope = parseEventEnvelope(payload, msg.subject) as EventEnvelope<T>;
      aggregate = aggregateOf(envelope);
    } catch (error) {
      await this.deadLetter(msg, payload, peekEventId(payload), error);
      return;
    }
    // Hold-backs are not failures: only the deliveries that ran the handler count toward dead-lettering.
    const holds = aggregate && msg.info.redelivered ? await this.order.holds(envelope.id).catch(() => 0) : 0;
    const failedDeliveries = msg.info.deliveryCount - holds;
    // Long handlers keep the message theirs instead of letting ackWait hand it to another instance.
    const keepAlive = setInterval(() => msg.working(), Math.max(1_000, Math.floor(this.ackWaitMs / 2)));
    let outcome: Outcome;
    try {
      outcome = await this.applyOnce(envelope, failedDeliveries, msg.info.redelivered);
    } catch (error) {
      await this.handleFailure(msg, payload, envelope, error, failedDeliveries);
      return;
    } finally {
      clearInterval(keepAlive);
    }
    if (outcome === 'held' && aggregate) {
      await this.holdBack(msg, payload, envelope, aggregate);
      return;
    }
    if (outcome === 'duplicate' || outcome === 'stale') {
      this.logger.log(
        `Event ${envelope.id} (${envelope.type}) ${outcome === 'stale' ? `is an old version of ${aggregate?.id}` : 'already processed'} for ${this.options.durableName}; acking`,
      );
    }
    await this.acknowledge(msg, envelope.id);
  }

  /** Redelivers the event a little later, until its predecessor is applied or the hold bound is reached. */
  private async holdBack(msg: JsMsg, payload: string, envelope: EventEnvelope<T>, aggregate: AggregateRef) {
    let held: { holds: number; heldMs: number };
    try {
      held = await this.order.hold(envelope.id);
    } catch (error) {
      this.logger.warn(`Recording the hold-back of ${envelope.id} failed: ${errorMessage(error)}`);
      msg.nak(this.holdBackoffMs[0]);
      return;
    }
    messagingMetrics().consumerHeldBack.inc(this.labels);
    if (held.heldMs >= this.orderingHoldMs) {
      const gap = new MessagingException(
        'EVENT_VERSION_GAP',
        `Version ${aggregate.version} of ${aggregate.id} waited ${Math.round(held.heldMs / 1000)} s for an earlier version that was not applied`,
      );
      await this.deadLetter(msg, payload, envelope.id, gap);
      return;
    }
    const delayMs = this.holdBackoffMs[Math.min(held.holds, this.holdBackoffMs.length) - 1];
    this.logger.log(
      `Event ${envelope.id} is version ${aggregate.version} of ${aggregate.id}; an earlier version is not applied yet, retrying in ${delayMs} ms`,
    );
    msg.nak(delayMs);
  }

  /**
   * The event's effect at most once for this consumer: the inbox row and the handler's writes commit together.
   * Also called synchronously (read-your-writes: `EventConsumerRegistry.applyNow`), so the JetStream delivery
   * that follows finds the inbox row and is a no-op. `mayBeHeld`: false for a first delivery, which no hold-back
   * can have recorded (holdBack naks, so a held event comes back redelivered): no hold-back row to delete.
   */
  async applyOnce(envelope: EventEnvelope<T>, deliveries = 1, mayBeHeld = true): Promise<Outcome> {
    const aggregate = aggregateOf(envelope);
    return this.options.dataSource
      .transaction(async (manager): Promise<Outcome> => {
        // A concurrent delivery of the same event blocks here until the first commits, then sees the row.
        const inserted = (await manager.query(
          `INSERT INTO ${this.inboxTable} (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
          [this.options.durableName, envelope.id],
        )) as unknown[];
        if (inserted.length === 0) return 'duplicate';
        if (aggregate) {
          const check = await this.order.claim(manager, aggregate);
          if (check === 'early') throw new HeldBack();
          if (mayBeHeld) await this.order.release(envelope.id, manager);
          if (check === 'stale') return 'stale';
        }
        // Past the limit without a recorded outcome, earlier attempts crashed or timed out: do not run a
        // handler that may be taking the process down; handleFailure dead-letters it.
        if (deliveries > this.maxDeliver)
          throw new Error(`No outcome after ${deliveries - 1} deliveries (crash or ack timeout)`);
        await this.options.handler(envelope, manager);
        return 'handled';
      })
      .catch((error: unknown) => {
        if (error instanceof HeldBack) return 'held';
        throw error;
      });
  }

  get durableName(): string {
    return this.options.durableName;
  }

  get filterSubject(): string {
    return this.options.filterSubject;
  }

  private async handleFailure(
    msg: JsMsg,
    payload: string,
    envelope: EventEnvelope<T>,
    error: unknown,
    deliveries: number,
  ): Promise<void> {
    if (this.options.isPermanentError?.(error) || deliveries >= this.maxDeliver) {
      await this.deadLetter(msg, payload, envelope.id, error);
      return;
    }
    const delayMs = this.backoffFor(deliveries);
    this.logger.warn(
      `Handling ${envelope.type} ${envelope.id} failed (delivery ${deliveries}/${this.maxDeliver}); retrying in ${delayMs} ms: ${errorMessage(error)}`,
    );
    msg.nak(delayMs);
  }

  /** Records the message, then terminates it; if the record cannot be written, the message is retried instead. */
  private async deadLetter(msg: JsMsg, payload: string, eventId: string | null, error: unknown): Promise<void> {
    const deliveries = msg.info.deliveryCount;
    let deadLetterId: string;
    try {
      const [row] = (await this.options.dataSource.query(
        `INSERT INTO ${this.deadLetterTable} (consumer, event_id, subject, stream_sequence, payload, error, deliveries)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
        [this.options.durableName, eventId, msg.subject, msg.seq, payload, errorMessage(error), deliveries],
      )) as Array<{ id: string }>;
      deadLetterId = row!.id;
    } catch (dbError) {
      this.logger.error(
        `Dead-lettering message ${msg.seq} failed; will retry: ${errorMessage(dbError)}`,
        errorStack(dbError),
      );
      msg.nak(this.backoffFor(deliveries));
      return;
    }
    if (eventId) await this.order.release(eventId).catch(() => undefined); // its hold-back count, if any
    this.logger.error(
      `Dead-lettered ${msg.subject} #${msg.seq} (event ${eventId ?? 'unknown'}) after ${deliveries} deliveries: ${errorMessage(error)}`,
      errorStack(error),
    );
    publishOpsAlert(
      this.options.nc,
      {
        kind: 'event_dead_lettered',
        service: this.options.schema,
        id: deadLetterId,
        subject: msg.subject,
        error: errorMessage(error),
      },
      this.logger,
    );
    // No reason text: "+TERM <reason>" is a 2.10 addition and nats-server 2.9 does not understand it.
    msg.term();
  }

  /** Double ack: a lost ack only causes a redelivery, which the inbox turns into a no-op. */
  private async acknowledge(msg: JsMsg, eventId: string): Promise<void> {
    try {
      const confirmed = await msg.ackAck({ timeout: ACK_CONFIRM_TIMEOUT_MS });
      if (!confirmed)
        this.logger.warn(`Ack of event ${eventId} not confirmed; a redelivery will be skipped by the inbox`);
    } catch (error) {
      this.logger.warn(
        `Ack of event ${eventId} failed (${errorMessage(error)}); a redelivery will be skipped by the inbox`,
      );
    }
  }

  private backoffFor(deliveries: number): number {
    return this.backoffMs[Math.min(Math.max(deliveries, 1), this.backoffMs.length) - 1];
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
