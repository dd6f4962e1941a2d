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
import { DomainException, OutboxWriter, type OutboxEvent } from '@copytrade/nest';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AutoCopyCloser } from '../auto-copy/auto-copy-closer';
import { recordGuardCloses } from '../auto-copy/auto-copy-closes.store';
import { skipUnplacedAutomaticCopies } from '../copy-limits/unplaced-copies.store';
import { ownGuardsOf } from './copy-guards.access';
import { toFollowerGuardsView } from './copy-guards.mapper';
import { autoCopyPausedEvent, copyGuardTriggeredEvent } from './guard-events';
import {
  findFollowerGuards,
  lockFollowerGuards,
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
    private readonly closer: AutoCopyCloser,
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
   * The kill switch on, in one transaction: the flag (AutoCopyPaused when it was off), the skip of every automatic
   * copy not yet sent (it waits for a batch in flight: see skipUnplacedAutomaticCopies), and with
   * `closeAutomaticCopies` a keyed close of every open automatic copy of the follower (CopyGuardTriggered naming
   * them) that the closer then sells at market — manual copies are left alone. A repeat records nothing new for copies
   * whose close is under way.
   */
  async stopAll({
    actor,
    payload,
    requestId,
  }: RpcRequest<StopAllAutoCopyRpcPayload>): Promise<StopAllAutoCopyRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    const close = payload.closeAutomaticCopies === true;
    const { guards, copyIds } = await this.dataSource.transaction(async (manager) => {
      const before = await lockFollowerGuards(manager, userId);
      const after = await setAutoCopyStopped(manager, userId, true);
      // The switch and the skip of every automatic copy not yet sent commit together: no order of theirs after it.
      await skipUnplacedAutomaticCopies(
        manager,
        this.outbox,
        { userId, traceId: null, correlationId: requestId },
        { code: CopyTradeErrorCode.SKIPPED_STOPPED, reason: CopyTradeMessages.autoCopyStopped },
      );
      const events: OutboxEvent[] = [];
      if (!before.autoCopyStopped) events.push(autoCopyPausedEvent(userId, null, 'kill_switch', requestId));
      const closing = close
        ? await recordGuardCloses(manager, { eventId: randomUUID(), userId, reason: 'kill_switch' })
        : [];
      if (closing.length > 0)
        events.push(
          copyGuardTriggeredEvent({ userId, traceId: null, guard: 'kill_switch', copyIds: closing }, requestId),
        );
      await this.outbox.addMany(manager, events);
      return { guards: after, copyIds: closing };
    });
    if (copyIds.length > 0) this.closer.kick();
    return { guards: toFollowerGuardsView(guards), closeAutomaticCopies: close, closingCopies: copyIds.length };
  }

  async resumeAll({ actor, payload }: RpcRequest<FollowerRpcPayload>): Promise<FollowerGuardsRpcReply> {
    const userId = ownGuardsOf(actor, payload.userId);
    return { guards: toFollowerGuardsView(await setAutoCopyStopped(this.dataSource.manager, userId, false)) };
  }
}
