import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DEMO_OWNERS } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { TracesConfig } from '../../config/traces.config';
import { OnboardingTraderEntity, PostEntity, TierEntity, TraceEntity } from '../shared/entities';
import { createTrace } from '../shared/trace-factory';
import { addTrades } from '../shared/trade-writer';
import { SubscriptionLedger } from '../subscriptions/subscription-ledger';
import { TracesChanges } from '../traces-changes/traces-changes';
import { DEMO_ONBOARDING_HANDLE, DEMO_TRACES, demoOwnerId, type DemoTrace } from './demo-traces.catalogue';
import { generateDemoTrades } from './demo-trades.generator';

/** Serialises seeding across replicas starting together (a transaction-scoped advisory lock). */
const DEMO_SEED_LOCK = 0x7472_6465; // 'trde'

/**
 * Development demo data (DEMO_DATA; never in production unless asked for): on start, when the demo traces are
 * not there yet, creates them with their tiers, posts and months of trades, has the demo owners follow each
 * other's traces (through the subscription ledger, so counts and events are real), and designates the onboarding
 * trader when no admin has. Runs once per database: a later start finds the traces and does nothing.
 */
@Injectable()
export class DemoDataSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoDataSeeder.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: SubscriptionLedger,
    private readonly changes: TracesChanges,
    @Inject(TracesConfig) private readonly config: TracesConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedsDemoData) return;
    const created = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [DEMO_SEED_LOCK]);
      const seeded = await manager.existsBy(TraceEntity, { handle: DEMO_ONBOARDING_HANDLE });
      if (seeded) return 0;
      await this.seed(manager, new Date());
      return DEMO_TRACES.length;
    });
    if (created > 0) {
      this.ledger.kick();
      await this.changes.publish(); // gateways already running drop what they cached (the onboarding trader too)
      this.logger.log({ traces: created }, 'Seeded the demo traces');
    }
  }

  private async seed(manager: EntityManager, now: Date): Promise<void> {
    const traces: TraceEntity[] = [];
    for (const [index, demo] of DEMO_TRACES.entries()) {
      const trace = await createTrace(manager, { ...demo, ownerUserId: demoOwnerId(demo.ownerUsername) });
      await manager.insert(PostEntity, demoPosts(demo, trace.id, now));
      await addTrades(manager, trace.id, generateDemoTrades(demo.profile, index + 1, now));
      traces.push(trace);
    }
    await this.followEachOther(manager, traces);
    const designated = await manager.existsBy(OnboardingTraderEntity, { singleton: true });
    if (!designated) {
      const onboarding = traces.find((trace) => trace.handle === DEMO_ONBOARDING_HANDLE)!;
      await manager.insert(OnboardingTraderEntity, { singleton: true, traceId: onboarding.id, updatedBy: null });
    }
  }

  /** Each trace is followed by one to three of the other demo owners, at tiers that vary from trace to trace. */
  private async followEachOther(manager: EntityManager, traces: TraceEntity[]): Promise<void> {
    const correlationId = randomUUID();
    for (const [index, trace] of traces.entries()) {
      const tiers = await manager.find(TierEntity, { where: { traceId: trace.id }, order: { rank: 'ASC' } });
      const followers = DEMO_OWNERS.map((owner) => owner.id)
        .filter((ownerId) => ownerId !== trace.ownerUserId)
        .slice(0, 1 + (index % 3));
      for (const [position, userId] of followers.entries()) {
        const tier = tiers[(index + position) % tiers.length]!;
        await this.ledger.start(manager, { traceId: trace.id, userId, tierId: tier.id, source: 'user', correlationId });
      }
    }
  }
}

/** Four posts a trace: two public (the free preview, one pinned), two for subscribers. */
function demoPosts(demo: DemoTrace, traceId: string, now: Date): Partial<PostEntity>[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  return [
    {
      title: `Welcome to ${demo.name}`,
      content: `${demo.description} ${demo.bio} Every shared trade comes with its strategy and my confidence.`,
      isPinned: true,
      isPublic: true,
      likeCount: 12,
      createdAt: daysAgo(150),
    },
    {
      title: 'How I size positions',
      content:
        'No single trade risks more than 1% of the account. When volatility doubles, position size halves. ' +
        'Copy at a size that lets you sleep.',
      isPublic: true,
      likeCount: 7,
      createdAt: daysAgo(60),
    },
    {
      title: 'Monthly review',
      content:
        'What worked: waiting for confirmation before entering. What did not: adding to losers on two trades. ' +
        'Next month I focus on the names with the strongest relative strength.',
      likeCount: 4,
      createdAt: daysAgo(20),
    },
    {
      title: 'Watchlist for the week',
      content: `On my radar: ${demo.profile.symbols
        .slice(0, 4)
        .map(([symbol]) => symbol)
        .join(', ')}. Levels and alerts are in the live trades as they trigger.`,
      likeCount: 3,
      createdAt: daysAgo(2),
    },
  ].map((post) => ({ ...post, traceId }));
}
