import { Injectable } from '@nestjs/common';
import {
  CopyGuardMessages,
  validateSizing,
  type FollowerGuardsRpcReply,
  type FollowerRpcPayload,
  type RpcRequest,
  type StopAllAutoCopyRpcPayload,
  type StopAllAutoCopyRpcReply,
  type UpdateFollowerGuardsRpcPayload,
} from '@copytrade/contracts';
import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import { DomainException, OutboxWriter } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { skipUnplacedAutomaticCopies } from '../copy-limits/unplaced-copies.store';
import { ownGuardsOf } from './copy-guards.access';
import { toFollowerGuardsView } from './copy-guards.mapper';
import {
  findFollowerGuards,
  saveFollowerGuards,
  setAutoCopyStopped,
  type FollowerGuardsChanges,
} from './copy-guards.store';

/**
 * The follower-wide guards: read, change, and the kill switch (stop / resume every automatic copy). Each answer is
 * read from the primary after the change commits, so the follower's next read shows it.
 */
@Injectable()
export class FollowerGuardsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  async get({ actor, payload }: RpcRequest<FollowerRpcPayload>): Promise<FollowerGuardsRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    return { guards: toFollowerGuardsView(await findFollowerGuards(this.dataSource.manager, userId)) };
  }

  async update({ actor, payload }: RpcRequest<UpdateFollowerGuardsRpcPayload>): Promise<FollowerGuardsRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    const changes: FollowerGuardsChanges = {
      priceProtectionPercent: payload.priceProtectionPercent,
      maxShareAgeMinutes: payload.maxShareAgeMinutes,
      dailyLossLimit: payload.dailyLossLimit,
      marketClosedPolicy: payload.marketClosedPolicy,
      sizingMode: payload.sizingMode,
      sizingPercent: payload.sizingPercent,
      copyOpenPositions: payload.copyOpenPositions,
    };
    if (Object.values(changes).every((value) => value === undefined))
      throw DomainException.badRequest(CopyGuardMessages.nothingToUpdate);
    // Sizing by % of the account needs a percent, sent now or stored before: checked on the row after the change,
    // which rolls back when it is missing (so two concurrent changes cannot leave one without the other).
    const saved = await this.dataSource.transaction(async (manager) => {
      const after = await saveFollowerGuards(manager, userId, changes);
      const problem = validateSizing(
        after.sizingMode,
        after.sizingPercent === null ? null : Number(after.sizingPercent),
      );
      if (problem) throw DomainException.badRequest(problem);
      return after;
    });
    return { guards: toFollowerGuardsView(saved) };
  }

  /**
   * The kill switch on, with every automatic copy not yet sent skipped in the same transaction (it waits for a batch
   * in flight: see skipUnplacedAutomaticCopies). `closeAutomaticCopies` is answered back as asked.
   */
  async stopAll({
    actor,
    payload,
    requestId,
  }: RpcRequest<StopAllAutoCopyRpcPayload>): Promise<StopAllAutoCopyRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    // The switch and the skip of every automatic copy not yet sent commit together: no order of theirs after it.
    const guards = await this.dataSource.transaction(async (manager) => {
      const stopped = await setAutoCopyStopped(manager, userId, true);
      await skipUnplacedAutomaticCopies(
        manager,
        this.outbox,
        { userId, traceId: null, correlationId: requestId },
        {
          code: CopyTradeErrorCode.SKIPPED_STOPPED,
          reason: CopyTradeMessages.autoCopyStopped,
        },
      );
      return stopped;
    });
    return { guards: toFollowerGuardsView(guards), closeAutomaticCopies: payload.closeAutomaticCopies === true };
  }

  async resumeAll({ actor, payload }: RpcRequest<FollowerRpcPayload>): Promise<FollowerGuardsRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    return { guards: toFollowerGuardsView(await setAutoCopyStopped(this.dataSource.manager, userId, false)) };
  }
}
