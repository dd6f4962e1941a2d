import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  BrokerageErrorCode,
  BrokerageRpc,
  CopyTradeErrorCode,
  CopyTradeMessages,
  batchOf,
  type PlaceOrderBatchOrder,
  type PlaceOrderBatchResult,
  type PlaceOrderBatchRpcReply,
  type PlaceOrderBatchRpcRequest,
} from '@copytrade/contracts';
import {
  DomainException,
  orderOutcomeText,
  orderProgressOf,
  OutboxRelay,
  OutboxWriter,
  RpcClient,
  WorkLoop,
} from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { COPY_ENGINE_RPC } from '../copies/copies.tokens';
import { failCopies, releasePendingCopies, type CopyFailure, type CopyRecord } from '../copies/copy-instances.store';
import { brokerageFillTimeOf } from '../copies/brokerage-fill-time';
import { copyOrderOf, copyRefusalOf } from '../copies/copy-placement';
import { settleCopyFills, type CopyFill } from '../copies/copy-settlement';
import { guardsOfCopies } from '../copy-limits/guards-of-copies';
import { automaticCopyBlock, limitNotReachedOf, limitOrderFieldsOf } from '../copy-limits/copy-guards-screen';
import { claimUnplacedAutomaticCopies, retryUnplacedAutomaticCopies } from './auto-copy.store';
import { MarketOpenQueue } from '../copies/market-open-queue';

/** What the brokerage's answer means for each copy of a batch, before it is written. */
interface BatchOutcome {
  fills: Array<CopyFill & { copyId: string; brokerageAccountId: string | null }>;
  pending: Parameters<typeof releasePendingCopies>[1];
  failures: CopyFailure[];
  unanswered: string[];
}

/** Codes of the brokerage meaning the follower has no brokerage to place in (linked none, or no account). */
const NOT_CONNECTED: ReadonlySet<string> = new Set([
  BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED,
  BrokerageErrorCode.ACCOUNT_NOT_FOUND,
  BrokerageErrorCode.CONNECTION_NOT_FOUND,
]);

/**
 * An answer that leaves the order's fate unknown (asked again with the same request id): 5xx, 429, and 409 (the
 * order still in flight there) — except the brokerage's 409 for a user never registered with it, a refusal like
 * the other "no brokerage" codes (retrying it would leave the copy PENDING for ever).
 */
const outcomeUnknown = (status: number, code: string): boolean =>
  status >= 500 || status === 429 || (status === 409 && !NOT_CONNECTED.has(code));

/**
 * The placement workers of automatic copies. Each claims a batch of PENDING automatic copies whose order has not
 * been asked for (FOR UPDATE SKIP LOCKED, held until the batch's outcome is written: workers and replicas share them
 * without doubling; a crash rolls the claim back), sends their orders in one brokerage call (placeOrderBatch, each
 * under the copy's own request id — the brokerage's idempotency answers a repeat with the first order, never a
 * second), then writes what came back in one transaction, a statement per kind of outcome:
 * - filled (paper orders, filled in bulk before the answer; a partial fill too) → OPEN with CopyOpened
 *   (settleCopyFills);
 * - accepted or unknown (SnapTrade orders, placed later by the brokerage's rate-limited scheduler) → still PENDING,
 *   the order noted: its OrderUpdated / OrderFilled events settle it, the sweeper asks about it if they do not come;
 * - refused (market closed, not enough buying power, no brokerage connected …) → FAILED with the reason, shown in
 *   My Copy Trades — except a closed market's refusal of a follower whose policy is to wait for the open: queued for
 *   it, and sized again then (MarketOpenQueue, MarketOpenSizer);
 * - no answer (timeout, brokerage down, order still in flight there) → left unplaced and asked again shortly with
 *   the same request ids. Nothing is ever declared "not placed" for taking long.
 * Several workers run at once (AUTO_COPY_WORKERS), kicked when a fan-out records a page and on a poll. While any
 * works, the outbox relay gives way (OUTBOX_GIVE_WAY_MAX_MS): the CopyOpened of a fan-out follow its orders.
 */
@Injectable()
export class AutoCopyPlacer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AutoCopyPlacer.name);
  /** AUTO_COPY_WORKERS loops, each one batch at a time, batch after batch while they find copies to place. */
  private readonly workers: Array<WorkLoop<number>>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(COPY_ENGINE_RPC) private readonly rpc: RpcClient,
    private readonly outbox: OutboxWriter,
    private readonly relay: OutboxRelay,
    private readonly config: CopyEngineConfig,
    private readonly openQueue: MarketOpenQueue,
  ) {
    this.workers = Array.from(
      { length: config.AUTO_COPY_WORKERS },
      () =>
        new WorkLoop({
          pass: () => this.placeBatch(),
          more: (placed) => placed > 0,
          intervalMs: config.AUTO_COPY_POLL_MS,
          failed: (error) =>
            this.logger.warn({ err: error }, 'An automatic copy batch failed; its copies are claimed again later'),
        }),
    );
    relay.giveWayWhile(() => this.workers.some((worker) => worker.busy), config.OUTBOX_GIVE_WAY_MAX_MS);
  }

  onApplicationBootstrap(): void {
    for (const worker of this.workers) worker.start();
    this.kick(); // copies left claimable by a previous run
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
  }

  /** Wakes every worker; busy ones take another batch when they finish. */
  kick(): void {
    for (const worker of this.workers) worker.kick();
  }

  /** Places batches until none is left (for tests and benchmarks: resolves when every worker is idle). */
  async drain(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.drain()));
  }

  /**
   * One batch: claimed, sent, answered, written — in one transaction, so the claimed copies stay row-locked until
   * their outcome is written. A stop switch or pause that commits while the batch is out waits for it (its orders
   * were sent before the switch took effect); one that committed before the claim is seen by it. Either way no order
   * of a follower is sent after their switch commits. A crash rolls the claim back: the copies are claimable again at
   * once, and their request ids make the brokerage answer any order it already placed instead of placing another.
   * Answers how many copies it claimed.
   */
  async placeBatch(): Promise<number> {
    const { claimed, fills } = await this.dataSource.transaction(async (manager) => {
      const copies = await claimUnplacedAutomaticCopies(
        manager,
        this.config.AUTO_COPY_BATCH_SIZE,
        this.config.AUTO_COPY_LEASE_MS,
      );
      if (copies.length === 0) return { claimed: 0, fills: 0 };
      const correlationId = `auto-copy-batch:${copies[0]!.id}`;
      const byId = new Map(copies.map((copy) => [copy.id, copy]));
      const { send, skipped } = await this.screen(manager, copies);
      const outcome = await this.send(send, correlationId);
      await settleCopyFills(manager, this.outbox, outcome.fills, { correlationId });
      await releasePendingCopies(manager, outcome.pending);
      // A closed market's refusals of followers who wait for the open are queued, not failed (market-open-queue).
      const refused = await this.openQueue.queueClosedMarketRefusals(manager, outcome.failures, byId, correlationId);
      await failCopies(manager, this.outbox, [...skipped, ...refused], { correlationId });
      await retryUnplacedAutomaticCopies(manager, outcome.unanswered, this.config.AUTO_COPY_RETRY_MS);
      return { claimed: copies.length, fills: outcome.fills.length };
    });
    if (fills > 0) this.relay.kick();
    return claimed;
  }

  /**
   * The claimed copies a guard now keeps back (the follower's stop switch or pause, committed since the fan-out
   * recorded them, or a share grown older than their maximum age while it waited): skipped, the rest sent.
   */
  private async screen(
    manager: EntityManager,
    copies: CopyRecord[],
  ): Promise<{ send: CopyRecord[]; skipped: BatchOutcome['failures'] }> {
    const guards = await guardsOfCopies(manager, copies);
    const now = new Date();
    const send: CopyRecord[] = [];
    const skipped: BatchOutcome['failures'] = [];
    for (const copy of copies) {
      const blocked = automaticCopyBlock(guards.get(copy.id)!, copy.traderSharedAt, now);
      if (blocked) skipped.push({ id: copy.id, ...blocked });
      else send.push(copy);
    }
    return { send, skipped };
  }

  private async send(copies: CopyRecord[], correlationId: string): Promise<BatchOutcome> {
    const outcome: BatchOutcome = { fills: [], pending: [], failures: [], unanswered: [] };
    if (copies.length === 0) return outcome;
    // A fan-out's copies (claimed in the order they were recorded) share one group: the order once, a quantity each.
    const request: PlaceOrderBatchRpcRequest = batchOf(
      copies.map((copy): PlaceOrderBatchOrder => ({
        userId: copy.userId,
        accountId: copy.brokerageAccountId,
        requestId: copy.requestId,
        order: {
          action: copy.side === 'sell' ? 'SELL' : 'BUY',
          ...copyOrderOf(copy, Number(copy.quantityRequested)),
          ...limitOrderFieldsOf(copy),
        },
      })),
    );
    let results: PlaceOrderBatchResult[];
    try {
      ({ results } = await this.rpc.request<PlaceOrderBatchRpcRequest, PlaceOrderBatchRpcReply>(
        BrokerageRpc.placeOrderBatch,
        request,
        { requestId: correlationId },
        this.config.AUTO_COPY_BATCH_TIMEOUT_MS,
      ));
    } catch (error) {
      // No answer (timeout, outage, in flight): the orders may have been placed; asked again with the same ids.
      if (!(error instanceof DomainException) || outcomeUnknown(error.status, error.code)) {
        this.logger.warn({ err: error, copies: copies.length }, 'The brokerage did not answer an automatic batch');
        outcome.unanswered.push(...copies.map((copy) => copy.id));
        return outcome;
      }
      // The whole batch refused (4xx): nothing of it was placed.
      for (const copy of copies) outcome.failures.push({ id: copy.id, ...failureOf(copy, error) });
      return outcome;
    }
    const byRequest = new Map(results.map((result) => [`${result.userId}:${result.requestId}`, result]));
    for (const copy of copies) {
      const result = byRequest.get(`${copy.userId}:${copy.requestId}`);
      if (!result) outcome.unanswered.push(copy.id);
      else classify(copy, result, outcome);
    }
    return outcome;
  }
}

function classify(copy: CopyRecord, result: PlaceOrderBatchResult, outcome: BatchOutcome): void {
  const accountId = result.accountId ?? result.order?.accountId ?? null;
  if (result.error) {
    const { status, code, message } = result.error;
    if (outcomeUnknown(status, code)) outcome.unanswered.push(copy.id);
    else
      outcome.failures.push({
        id: copy.id,
        brokerageAccountId: accountId,
        ...failureOf(copy, new DomainException(status, code, message)),
      });
    return;
  }
  const order = result.order!;
  const progress = orderProgressOf(order);
  const partlyFilled = order.state === 'PARTIALLY_FILLED' && Number(order.filledQuantity) > 0;
  if (progress === 'filled' || partlyFilled) {
    outcome.fills.push({
      copyId: copy.id,
      filledQuantity: order.filledQuantity ?? order.quantity,
      averagePrice: order.executionPrice!,
      brokerageOrderId: order.brokerageOrderId,
      orderState: order.state,
      filledAt: brokerageFillTimeOf(order, new Date()),
      brokerageAccountId: accountId,
    });
  } else if (progress) {
    outcome.pending.push({
      id: copy.id,
      orderState: order.state,
      brokerageOrderId: order.brokerageOrderId,
      // SUBMITTING from a batch is an order queued durably for the brokerage's scheduler, not an unknown outcome.
      awaitingConfirmation: progress === 'unknown' && order.state !== 'SUBMITTING',
      brokerageAccountId: accountId,
    });
  } else {
    const skipped = limitNotReachedOf(copy, order);
    outcome.failures.push({
      id: copy.id,
      code: skipped?.code ?? CopyTradeErrorCode.COPY_NOT_FILLED,
      reason: skipped?.reason ?? orderOutcomeText(order.state, order.providerStatus),
      orderState: order.state,
      brokerageOrderId: order.brokerageOrderId,
      brokerageAccountId: accountId,
    });
  }
}

/** A refusal as the copy records it: the manual copy's words where they exist (closed market, no brokerage). */
function failureOf(copy: CopyRecord, error: DomainException): { code: string; reason: string } {
  if (NOT_CONNECTED.has(error.code))
    return { code: CopyTradeErrorCode.BROKERAGE_NOT_CONNECTED, reason: CopyTradeMessages.brokerageNotConnected };
  const refusal = copyRefusalOf(error);
  return { code: refusal.code, reason: refusal.message || `${copy.symbol}: ${refusal.code}` };
}
