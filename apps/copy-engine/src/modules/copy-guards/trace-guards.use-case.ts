import { Injectable } from '@nestjs/common';
import type {
  ListTraceGuardsRpcPayload,
  ListTraceGuardsRpcReply,
  RpcRequest,
  TraceGuardsRpcPayload,
  TraceGuardsRpcReply,
  UpdateTraceGuardsRpcPayload,
} from '@copytrade/contracts';
import {
  AutoCopyResumed,
  autoCopyResumeAggregateId,
  CopyGuardMessages,
  CopyTradeErrorCode,
  CopyTradeMessages,
} from '@copytrade/contracts';
import { DomainException, OutboxWriter } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { skipUnplacedAutomaticCopies } from '../copy-limits/unplaced-copies.store';
import { ownGuardsOf } from './copy-guards.access';
import { toTraceGuardsView } from './copy-guards.mapper';
import { autoCopyPausedEvent } from './guard-events';
import {
  findTraceGuards,
  lockTraceGuards,
  pauseTraceAutoCopy,
  resumeTraceAutoCopy,
  saveTraceGuards,
  traceGuardsOfFollower,
} from './copy-guards.store';

/**
 * A follower's guards per trace: read (one or several traces), change the stop-loss and the price-protection
 * override, pause and resume automatic copying. Pausing changes only the flag: the subscription and copying by hand
 * stay as they are.
 */
@Injectable()
export class TraceGuardsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  async get({ actor, payload }: RpcRequest<TraceGuardsRpcPayload>): Promise<TraceGuardsRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    return { traceGuards: toTraceGuardsView(await findTraceGuards(this.dataSource.manager, userId, payload.traceId)) };
  }

  async list({ actor, payload }: RpcRequest<ListTraceGuardsRpcPayload>): Promise<ListTraceGuardsRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    const found = await traceGuardsOfFollower(this.dataSource.manager, userId, payload.traceIds);
    return { traceGuards: [...found.values()].map(toTraceGuardsView) };
  }

  async update({ actor, payload }: RpcRequest<UpdateTraceGuardsRpcPayload>): Promise<TraceGuardsRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    const changes = {
      stopLossPercent: payload.stopLossPercent,
      priceProtectionPercent: payload.priceProtectionPercent,
    };
    if (Object.values(changes).every((value) => value === undefined))
      throw DomainException.badRequest(CopyGuardMessages.nothingToUpdate);
    const saved = await saveTraceGuards(this.dataSource.manager, userId, payload.traceId, changes);
    return { traceGuards: toTraceGuardsView(saved) };
  }

  /**
   * Paused by the follower, in one transaction with AutoCopyPaused (when it was running) and the skip of the trace's
   * automatic copies not yet sent: no order after it commits.
   */
  async pause({ actor, payload, requestId }: RpcRequest<TraceGuardsRpcPayload>): Promise<TraceGuardsRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    const paused = await this.dataSource.transaction(async (manager) => {
      const before = await lockTraceGuards(manager, userId, payload.traceId);
      const after = await pauseTraceAutoCopy(manager, userId, payload.traceId, 'user');
      await skipUnplacedAutomaticCopies(
        manager,
        this.outbox,
        { userId, traceId: payload.traceId, correlationId: requestId },
        { code: CopyTradeErrorCode.SKIPPED_PAUSED, reason: CopyTradeMessages.autoCopyPaused },
      );
      if (!before.autoCopyPaused)
        await this.outbox.addMany(manager, [autoCopyPausedEvent(userId, payload.traceId, 'user', requestId)]);
      return after;
    });
    return { traceGuards: toTraceGuardsView(paused) };
  }

  /**
   * Resumes, and when the trace was paused writes AutoCopyResumed in the same transaction: its consumer copies the
   * trace's open positions for a follower who asked for that (resuming a trace not paused starts nothing).
   */
  async resume({ actor, requestId, payload }: RpcRequest<TraceGuardsRpcPayload>): Promise<TraceGuardsRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    const resumed = await this.dataSource.transaction(async (manager) => {
      const before = await findTraceGuards(manager, userId, payload.traceId);
      const after = await resumeTraceAutoCopy(manager, userId, payload.traceId);
      if (before.autoCopyPaused)
        await this.outbox.add(
          manager,
          AutoCopyResumed,
          { userId, traceId: payload.traceId, resumedAt: new Date().toISOString() },
          { correlationId: requestId, aggregateId: autoCopyResumeAggregateId(userId, payload.traceId) },
        );
      return after;
    });
    return { traceGuards: toTraceGuardsView(resumed) };
  }
}
