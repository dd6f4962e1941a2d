import { Injectable } from '@nestjs/common';
import type {
  ListTraceGuardsRpcPayload,
  ListTraceGuardsRpcReply,
  RpcRequest,
  TraceGuardsRpcPayload,
  TraceGuardsRpcReply,
  UpdateTraceGuardsRpcPayload,
} from '@copytrade/contracts';
import { CopyGuardMessages } from '@copytrade/contracts';
import { DomainException, OutboxWriter } from '@copytrade/nest';
import { DataSource } from 'typeorm';
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

  /** Paused by the follower; AutoCopyPaused when it was running (in the same transaction). */
  async pause({ actor, payload, requestId }: RpcRequest<TraceGuardsRpcPayload>): Promise<TraceGuardsRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    const paused = await this.dataSource.transaction(async (manager) => {
      const before = await lockTraceGuards(manager, userId, payload.traceId);
      const after = await pauseTraceAutoCopy(manager, userId, payload.traceId, 'user');
      if (!before.autoCopyPaused)
        await this.outbox.addMany(manager, [autoCopyPausedEvent(userId, payload.traceId, 'user', requestId)]);
      return after;
    });
    return { traceGuards: toTraceGuardsView(paused) };
  }

  async resume({ actor, payload }: RpcRequest<TraceGuardsRpcPayload>): Promise<TraceGuardsRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    const resumed = await resumeTraceAutoCopy(this.dataSource.manager, userId, payload.traceId);
    return { traceGuards: toTraceGuardsView(resumed) };
  }
}
