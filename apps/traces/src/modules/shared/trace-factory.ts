import { DEFAULT_TIERS, TracesMessages, type RiskLevel } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';
import { TierEntity, TraceEntity } from './entities';

export interface NewTrace {
  ownerUserId: string;
  name: string;
  handle: string;
  description?: string;
  bio?: string;
  avatarUrl?: string | null;
  bannerUrl?: string | null;
  tradingStyle?: string[];
  riskLevel?: RiskLevel;
  minInvestment?: number;
  isVerified?: boolean;
  isFeatured?: boolean;
}

/** Stored with its leading '@'. */
export const normalizeHandle = (handle: string) => (handle.startsWith('@') ? handle : `@${handle}`);

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505';

/** A trace and its four default tiers (DEFAULT_TIERS), in the caller's transaction. */
export async function createTrace(manager: EntityManager, input: NewTrace): Promise<TraceEntity> {
  const handle = normalizeHandle(input.handle);
  // Unique case-insensitively (index on lower(handle)); checked first for a clear answer, the index decides races.
  const taken = await manager
    .createQueryBuilder(TraceEntity, 'trace')
    .where('lower(trace.handle) = lower(:handle)', { handle })
    .getExists();
  if (taken) throw new DomainException(409, 'HANDLE_TAKEN', TracesMessages.handleTaken);
  let id: string;
  try {
    const inserted = await manager.insert(TraceEntity, {
      ownerUserId: input.ownerUserId,
      name: input.name,
      handle,
      description: input.description ?? '',
      bio: input.bio ?? '',
      avatarUrl: input.avatarUrl ?? null,
      bannerUrl: input.bannerUrl ?? null,
      tradingStyle: input.tradingStyle ?? [],
      riskLevel: input.riskLevel ?? 'medium',
      minInvestment: String(input.minInvestment ?? 0),
      isVerified: input.isVerified ?? false,
      isFeatured: input.isFeatured ?? false,
    });
    id = inserted.identifiers[0].id as string;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainException(409, 'HANDLE_TAKEN', TracesMessages.handleTaken);
    throw error;
  }
  await manager.insert(
    TierEntity,
    DEFAULT_TIERS.map((tier, rank) => ({
      traceId: id,
      name: tier.name,
      rank,
      price: tier.price,
      canCopyTrades: tier.canCopyTrades,
    })),
  );
  return manager.findOneByOrFail(TraceEntity, { id });
}
