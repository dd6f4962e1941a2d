import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BrokerageErrorCode,
  BrokerageMessages,
  isOrderRuleError,
  normalizeMarketOrder,
  type NormalizedMarketOrder,
  type PlaceOrderBatchError,
  type PlaceOrderBatchOrder,
  type PlaceOrderBatchResult,
  type PlaceOrderBatchRpcReply,
} from '@copytrade/contracts';
import { DomainException, OutboxRelay } from '@copytrade/nest';
import { DataSource, In } from 'typeorm';
import { BrokerageConfig } from '../../../config/brokerage.config';
import { AccountEntity } from '../../accounts/entities/account.entity';
import { ProviderUserEntity } from '../../connections/entities/provider-user.entity';
import { SyncBrokerageLinkUseCase } from '../../connections/use-cases/sync-brokerage-link.use-case';
import { easternDate } from '../../paper/market-hours';
import { PaperBulkOrders } from '../../paper/paper-bulk-orders';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';
import { ProviderError } from '../../provider/provider.error';
import { toDomainException } from '../../provider/provider-error.mapper';
import type { OrderIntentEntity } from '../entities/order-intent.entity';
import { toPlacedOrderView } from '../mappers/placed-order.mapper';
import { OrderDispatcher } from '../order-dispatcher.service';
import { orderFingerprint, REQUEST_ID_PATTERN } from '../order-fingerprint';
import { OrderIntentsStore } from '../order-intents.store';

/** One order of the batch on its way through the checks. */
interface Pending {
  index: number;
  item: PlaceOrderBatchOrder;
  order: NormalizedMarketOrder;
  fingerprint: string;
  key: string;
  accountId?: string;
  providerUserId?: string;
}

const SYNC_CONCURRENCY = 4;
/** A fan-out's next batch comes this soon after one ends (the copy engine writes one answer, claims the next). */
const BETWEEN_BATCHES_MS = 1_000;
/** Intents by (user, request id), the key of a Pending: a lookup per order rather than a scan of the batch. */
const intentsByKey = (intents: OrderIntentEntity[]) =>
  new Map(intents.map((intent) => [`${intent.userId}\u0000${intent.requestId}`, intent]));
const errorOf = (error: DomainException): PlaceOrderBatchError => ({
  status: error.status,
  code: error.code,
  message: error.message,
});

/**
 * rpc.brokerage.orders.place-batch: many users' market orders at once (the copy engine's automatic copies), each
 * with the single path's checks, errors and idempotency, but in bulk: a few queries for the whole batch (existing
 * intents, registrations, accounts), one INSERT claiming every new (user, request id) as SUBMITTING before any
 * order is placed, then
 * - paper broker: the whole batch filled in one transaction with the intents' settlement and their OrderUpdated /
 *   OrderFilled events (no window where an order is filled but its intent is not);
 * - SnapTrade: the intents stay SUBMITTING, QUEUED for the OrderDispatcher, which places them at the provider's
 *   pace; the caller learns the outcome from the events, or by asking again with the same request id.
 * A (user, request id) seen before answers with its first order (replayed), never a second one. While batches are
 * being placed (and for a moment after each, until the next comes) the outbox relay gives way
 * (OUTBOX_GIVE_WAY_MAX_MS): their events follow the orders instead of racing them for the CPU.
 */
@Injectable()
export class PlaceOrderBatchUseCase {
  private readonly logger = new Logger(PlaceOrderBatchUseCase.name);
  private batchesInFlight = 0;
  private lastBatchEndedAt = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly intents: OrderIntentsStore,
    private readonly sync: SyncBrokerageLinkUseCase,
    private readonly paper: PaperBulkOrders,
    private readonly dispatcher: OrderDispatcher,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
    relay: OutboxRelay,
    @Inject(BrokerageConfig) config: BrokerageConfig,
  ) {
    relay.giveWayWhile(
      () => this.batchesInFlight > 0 || Date.now() - this.lastBatchEndedAt < BETWEEN_BATCHES_MS,
      config.OUTBOX_GIVE_WAY_MAX_MS,
    );
  }

  async execute(items: PlaceOrderBatchOrder[], traceId: string): Promise<PlaceOrderBatchRpcReply> {
    this.batchesInFlight += 1;
    try {
      return await this.place(items, traceId);
    } finally {
      this.batchesInFlight -= 1;
      this.lastBatchEndedAt = Date.now();
    }
  }

  private async place(items: PlaceOrderBatchOrder[], traceId: string): Promise<PlaceOrderBatchRpcReply> {
    const results: PlaceOrderBatchResult[] = items.map((item) => ({
      requestId: item.requestId,
      userId: item.userId,
      accountId: item.accountId ?? null,
      order: null,
      replayed: false,
      error: null,
    }));
    const fail = (index: number, error: DomainException) => (results[index]!.error = errorOf(error));
    const firsts = new Map<string, Pending>();
    const repeats: Pending[] = [];
    const today = easternDate(new Date());
    items.forEach((given, index) => {
      const item = { ...given, userId: given.userId.toLowerCase() };
      if (!REQUEST_ID_PATTERN.test(item.requestId))
        return fail(
          index,
          new DomainException(400, BrokerageErrorCode.REQUEST_ID_REQUIRED, BrokerageMessages.requestIdRequired),
        );
      const order = normalizeMarketOrder(item.order, today);
      if (isOrderRuleError(order)) return fail(index, new DomainException(400, order.code, order.message));
      const pending: Pending = {
        index,
        item,
        order,
        fingerprint: orderFingerprint(item.accountId ?? null, order),
        key: `${item.userId}\u0000${item.requestId}`,
      };
      if (firsts.has(pending.key)) repeats.push(pending);
      else firsts.set(pending.key, pending);
    });

    const seen = await this.intents.findMany([...firsts.values()].map(({ item }) => item));
    const fresh = this.replayKnown([...firsts.values()], seen, results);
    const ready = await this.resolveAccounts(fresh, results, traceId);
    const claim = await this.intents.claimMany(
      ready.map((pending) => ({
        userId: pending.item.userId,
        requestId: pending.item.requestId,
        fingerprint: pending.fingerprint,
        accountId: pending.accountId!,
        provider: this.provider.name,
        order: pending.order,
      })),
      this.provider.name !== 'paper',
    );
    const mine = this.replayKnown(ready, claim.intents, results, claim.created);
    const claimed = intentsByKey(claim.intents);
    if (this.provider.name === 'paper') await this.fillOnPaper(mine, claimed, results);
    else {
      for (const pending of mine) this.answer(results[pending.index]!, claimed.get(pending.key)!, false);
      if (mine.length > 0) this.dispatcher.wake();
    }
    // A request id repeated within the batch is a replay of its first occurrence.
    for (const repeat of repeats) {
      const first = firsts.get(repeat.key)!;
      const result = results[repeat.index]!;
      if (repeat.fingerprint !== first.fingerprint)
        result.error = errorOf(
          new DomainException(422, BrokerageErrorCode.IDEMPOTENCY_KEY_REUSED, BrokerageMessages.requestIdReused),
        );
      else Object.assign(result, { ...results[first.index]!, replayed: results[first.index]!.order !== null });
    }
    this.logger.log(
      { traceId, orders: items.length, placed: mine.length, provider: this.provider.name },
      'Order batch received',
    );
    return { results };
  }

  /** Answers those whose (user, request id) already has an intent (not created by this call); returns the others. */
  private replayKnown(
    pendings: Pending[],
    intents: OrderIntentEntity[],
    results: PlaceOrderBatchResult[],
    created: Set<string> = new Set(),
  ): Pending[] {
    const byKey = intentsByKey(intents);
    return pendings.filter((pending) => {
      const intent = byKey.get(pending.key);
      if (!intent || created.has(intent.id)) return true;
      const result = results[pending.index]!;
      if (intent.fingerprint !== pending.fingerprint) {
        result.error = errorOf(
          new DomainException(422, BrokerageErrorCode.IDEMPOTENCY_KEY_REUSED, BrokerageMessages.requestIdReused),
        );
        return false;
      }
      this.answer(result, intent, true);
      return false;
    });
  }

  /** The order as it stands (in flight ones too: their outcome follows as events), or the refusal it got. */
  private answer(result: PlaceOrderBatchResult, intent: OrderIntentEntity, replayed: boolean): void {
    result.accountId = intent.accountId;
    result.replayed = replayed;
    if (intent.state === 'REJECTED' && intent.error) {
      result.error = { status: intent.error.status, code: intent.error.code, message: intent.error.message };
      return;
    }
    result.order = toPlacedOrderView(intent);
  }

  /**
   * The single path's checks before an intent is stored, in bulk: the user is registered with the provider (else
   * PROVIDER_USER_NOT_REGISTERED), the account is the user's (403) or known after a sync (404), null → the primary
   * account. Only users whose accounts we have not seen are synced with the provider (a few at a time).
   */
  private async resolveAccounts(
    pendings: Pending[],
    results: PlaceOrderBatchResult[],
    traceId: string,
  ): Promise<Pending[]> {
    if (pendings.length === 0) return [];
    const userIds = [...new Set(pendings.map(({ item }) => item.userId))];
    const registered = new Map(
      (
        await this.dataSource
          .getRepository(ProviderUserEntity)
          .findBy({ userId: In(userIds), provider: this.provider.name })
      ).map((row) => [row.userId, row.providerUserId]),
    );
    const notRegistered = new DomainException(
      409,
      BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED,
      BrokerageMessages.registrationRequired,
    );
    const candidates = pendings.filter((pending) => {
      if (registered.has(pending.item.userId)) return true;
      results[pending.index]!.error = errorOf(notRegistered);
      return false;
    });
    let accounts = await this.accountsOf([...new Set(candidates.map(({ item }) => item.userId))]);
    const unseen = new Set(
      candidates
        .filter(({ item }) =>
          item.accountId ? !accounts.byId.has(item.accountId) : !accounts.primary.has(item.userId),
        )
        .map(({ item }) => item.userId),
    );
    const syncFailures = await this.syncUsers([...unseen], traceId);
    if (unseen.size > 0) accounts = await this.accountsOf([...new Set(candidates.map(({ item }) => item.userId))]);
    const accountNotFound = DomainException.notFound(
      BrokerageMessages.accountNotFound,
      BrokerageErrorCode.ACCOUNT_NOT_FOUND,
    );
    return candidates.filter((pending) => {
      const { item } = pending;
      const failure = syncFailures.get(item.userId);
      const accountId = item.accountId ?? accounts.primary.get(item.userId);
      const owner = accountId ? accounts.byId.get(accountId) : undefined;
      const error =
        owner === undefined
          ? (failure ?? accountNotFound)
          : owner !== item.userId
            ? DomainException.forbidden(BrokerageMessages.ownDataOnly)
            : null;
      if (error) {
        results[pending.index]!.error = errorOf(error);
        return false;
      }
      pending.accountId = accountId;
      pending.providerUserId = registered.get(item.userId);
      results[pending.index]!.accountId = accountId!;
      return true;
    });
  }

  /** Every account of these users (id → owner) and each user's primary one (the first of the list). */
  private async accountsOf(userIds: string[]) {
    const rows = userIds.length
      ? await this.dataSource
          .getRepository(AccountEntity)
          .find({ where: { userId: In(userIds) }, order: { userId: 'ASC', position: 'ASC' } })
      : [];
    const primary = new Map<string, string>();
    for (const row of rows) if (!primary.has(row.userId)) primary.set(row.userId, row.id);
    return { byId: new Map(rows.map((row) => [row.id, row.userId])), primary };
  }

  /** Syncs each user's brokerage link (a few at a time); a user whose sync failed gets that failure as the error. */
  private async syncUsers(userIds: string[], traceId: string): Promise<Map<string, DomainException>> {
    const failures = new Map<string, DomainException>();
    const queue = [...userIds];
    const worker = async () => {
      for (let userId = queue.shift(); userId; userId = queue.shift()) {
        try {
          await this.sync.execute(userId, traceId);
        } catch (error) {
          if (error instanceof DomainException) failures.set(userId, error);
          else if (error instanceof ProviderError) failures.set(userId, toDomainException(error));
          else throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SYNC_CONCURRENCY, userIds.length) }, worker));
    return failures;
  }

  /**
   * The paper broker's bulk fill and the intents' settlement in one transaction. Should it fail, the intents stay
   * SUBMITTING and the reconciler settles them from the paper broker's record (nothing was placed); the batch
   * answers with an error and a retry replays them.
   */
  private async fillOnPaper(
    pendings: Pending[],
    intents: Map<string, OrderIntentEntity>,
    results: PlaceOrderBatchResult[],
  ): Promise<void> {
    if (pendings.length === 0) return;
    const mine = pendings.map((pending) => ({ pending, intent: intents.get(pending.key)! }));
    await this.paper.advanceOpenOrders(
      this.dataSource.manager,
      mine.map(({ intent }) => intent.accountId),
    );
    const settled = await this.dataSource.transaction(async (tx) => {
      const outcomes = await this.paper.place(
        tx,
        mine.map(({ pending, intent }) => ({
          providerUserId: pending.providerUserId!,
          accountId: intent.accountId,
          clientOrderId: intent.clientOrderId,
          order: pending.order,
        })),
      );
      return this.intents.applyMany(
        tx,
        mine.map(({ intent }, index) => {
          const outcome = outcomes[index]!;
          return outcome instanceof ProviderError
            ? { intent, error: toDomainException(outcome).toPayload() }
            : { intent, order: outcome };
        }),
      );
    });
    mine.forEach(({ pending }, index) => this.answer(results[pending.index]!, settled[index]!, false));
  }
}
