import { Injectable } from '@nestjs/common';
import {
  PRIVACY_DEFAULTS,
  PROFILE_DEFAULTS,
  TracesMessages,
  type OwnerTraceRpcReply,
  type RpcRequest,
  type UpdateTracePrivacyRpcPayload,
  type UpdateTraceProfileRpcPayload,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource, QueryFailedError } from 'typeorm';
import { TraceEntity } from '../../shared/entities';
import { requireTraceOwner } from '../../shared/trace-access';
import { normalizeHandle } from '../../shared/trace-factory';
import { toOwnerTraceView } from '../owner-trace.mapper';

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505';
const handleTaken = () => new DomainException(409, 'HANDLE_TAKEN', TracesMessages.handleTaken);

/**
 * PUT /profile and PUT /privacy: each replaces its settings (a field left out takes its documented default),
 * owner only. The handle stays unique ignoring case: checked first for a clear 409, and the
 * unique index on lower(handle) decides a race.
 */
@Injectable()
export class UpdateOwnerSettingsUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async profile({ actor, payload }: RpcRequest<UpdateTraceProfileRpcPayload>): Promise<OwnerTraceRpcReply> {
    const handle = normalizeHandle(payload.handle);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const trace = await requireTraceOwner(manager, payload.traceId, actor);
        const taken = await manager
          .createQueryBuilder(TraceEntity, 'trace')
          .where('lower(trace.handle) = lower(:handle) AND trace.id <> :id', { handle, id: trace.id })
          .getExists();
        if (taken) throw handleTaken();
        await manager.update(
          TraceEntity,
          { id: trace.id },
          {
            name: payload.name,
            handle,
            description: payload.description ?? '',
            bio: payload.bio ?? '',
            tradingStyle: payload.tradingStyle ?? [],
            riskLevel: payload.riskLevel ?? PROFILE_DEFAULTS.riskLevel,
            minInvestment: String(payload.minInvestment ?? PROFILE_DEFAULTS.minInvestment),
          },
        );
        return { trace: toOwnerTraceView(await manager.findOneByOrFail(TraceEntity, { id: trace.id })) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw handleTaken();
      throw error;
    }
  }

  async privacy({ actor, payload }: RpcRequest<UpdateTracePrivacyRpcPayload>): Promise<OwnerTraceRpcReply> {
    return this.dataSource.transaction(async (manager) => {
      const trace = await requireTraceOwner(manager, payload.traceId, actor);
      await manager.update(
        TraceEntity,
        { id: trace.id },
        {
          allowComments: payload.allowComments ?? PRIVACY_DEFAULTS.allowComments,
          allowCopying: payload.allowCopying ?? PRIVACY_DEFAULTS.allowCopying,
          autoShareProfitableTrades: payload.autoShareProfitableTrades ?? PRIVACY_DEFAULTS.autoShareProfitableTrades,
          defaultSharingTier: payload.defaultSharingTier ?? PRIVACY_DEFAULTS.defaultSharingTier,
          publicProfile: payload.publicProfile ?? PRIVACY_DEFAULTS.publicProfile,
        },
      );
      return { trace: toOwnerTraceView(await manager.findOneByOrFail(TraceEntity, { id: trace.id })) };
    });
  }
}
