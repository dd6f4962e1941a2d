import { Controller, Injectable } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActorOnlyRpcCall,
  AutoSubscribeRpcCall,
  IdentityRpc,
  ONBOARDING_RECENT_TRADES,
  SubscriptionStarted,
  TracesMessages,
  TracesRpc,
  type OnboardingTraderRpcReply,
  type SubscriptionRpcReply,
} from '@copytrade/contracts';
import { DomainException, ProjectionSync } from '@copytrade/nest';
import { DataSource, MoreThan } from 'typeorm';
import { OnboardingTraderEntity, SubscriptionEntity, TierEntity, TraceEntity, TradeEntity } from '../shared/entities';
import { requireActor } from '../shared/trace-access';
import { toSubscriptionView, toTradeView } from '../shared/trace-views';
import { SubscriptionLedger } from '../subscriptions/subscription-ledger';

/**
 * The onboarding wizard's designated trader (an admin picks it) and the auto-subscribe. The card shows the
 * trace's last 3 CLOSED trades (past results, never a live shared signal to a non-subscriber).
 */
@Injectable()
export class OnboardingTraderReader {
  constructor(private readonly dataSource: DataSource) {}

  async designated(): Promise<TraceEntity | null> {
    const setting = await this.dataSource.manager.findOneBy(OnboardingTraderEntity, { singleton: true });
    return setting ? this.dataSource.manager.findOneBy(TraceEntity, { id: setting.traceId }) : null;
  }
}

@Controller()
export class OnboardingTraderController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: OnboardingTraderReader,
    private readonly ledger: SubscriptionLedger,
    private readonly projections: ProjectionSync,
  ) {}

  @MessagePattern(TracesRpc.getOnboardingTrader)
  async get(@Payload() { actor }: ActorOnlyRpcCall): Promise<OnboardingTraderRpcReply> {
    requireActor(actor);
    const trace = await this.reader.designated();
    if (!trace) return { trader: null };
    const trades = await this.dataSource.manager.find(TradeEntity, {
      where: { traceId: trace.id, status: 'closed' },
      order: { closedAt: 'DESC' },
      take: ONBOARDING_RECENT_TRADES,
    });
    return {
      trader: {
        id: trace.id,
        name: trace.name,
        handle: trace.handle,
        avatar: trace.avatarUrl,
        isVerified: trace.isVerified,
        winRate: Number(trace.winRate),
        monthlyReturn: Number(trace.monthlyReturn),
        subscriberCount: trace.subscriberCount,
        description: trace.description,
        bio: trace.bio,
        // Dollars here, options per contract: this short card has no isOptions flag to convert stored hundredths by.
        trades: trades.map(toTradeView).map(({ symbol, side, price, isOptions, realizedPnl, executedAt }) => ({
          symbol,
          side,
          price: isOptions ? price / 100 : price,
          unrealizedPnl: realizedPnl,
          executedAt,
        })),
      },
    };
  }

  /**
   * Subscribes the caller to the designated trace at its lowest tier that can copy trades. Idempotent: an
   * active subscription is answered as it is. Read-your-writes: identity applies the SubscriptionStarted
   * (source 'onboarding') before we answer, so the next verify-token shows autoSubscribedToTrader.
   */
  @MessagePattern(TracesRpc.autoSubscribe)
  async autoSubscribe(@Payload() { actor, payload, requestId }: AutoSubscribeRpcCall): Promise<SubscriptionRpcReply> {
    if (requireActor(actor).userId !== payload.userId) throw DomainException.forbidden(TracesMessages.subscribeOwnOnly);
    const trace = await this.reader.designated();
    if (!trace) throw DomainException.notFound(TracesMessages.noOnboardingTrader, 'NO_ONBOARDING_TRADER');
    const manager = this.dataSource.manager;
    const active = await manager.findOne(SubscriptionEntity, {
      where: { traceId: trace.id, userId: payload.userId, status: 'active' },
      relations: { tier: true },
    });
    if (active) return { subscription: toSubscriptionView(active, trace, active.tier!) };
    const tier = await manager.findOne(TierEntity, {
      where: { traceId: trace.id, canCopyTrades: true, rank: MoreThan(-1) },
      order: { rank: 'ASC' },
    });
    if (!tier) throw DomainException.notFound(TracesMessages.noOnboardingTrader, 'NO_ONBOARDING_TRADER');
    const started = await this.dataSource.transaction((tx) =>
      this.ledger.start(tx, {
        traceId: trace.id,
        userId: payload.userId,
        tierId: tier.id,
        source: 'onboarding',
        correlationId: requestId,
      }),
    );
    this.ledger.kick();
    await this.projections.applyNow(IdentityRpc.applyProjections, SubscriptionStarted, started.event, requestId);
    return { subscription: toSubscriptionView(started.subscription, started.trace, started.tier) };
  }
}
