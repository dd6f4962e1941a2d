import { Injectable } from '@nestjs/common';
import {
  CopySettingsMessages,
  IdentityErrorCode,
  validateCopyAmounts,
  type RpcRequest,
  type UpdateCopySettingsRpcRequest,
  type UserRpcReply,
} from '@copytrade/contracts';
import { DomainException, runAfterCommit } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { requireActor } from '../../../common/actor';
import { UserEntity } from '../../users/entities/user.entity';
import { SessionInvalidations } from '../../sessions/session-invalidations';
import { toUserView } from '../../users/mappers/user-view.mapper';
import { UserSettingsChangedPublisher } from '../user-settings-changed.publisher';

type CopyField = 'copyTradingEnabled' | 'defaultCopyAmount' | 'maxCopyAmount' | 'closeAutoCopiesOnTraderSell';

/**
 * The copy-trading switches and amounts of the session's user. A missing field stays; null clears an amount;
 * the default may not exceed the maximum (with the stored value of whichever one is not sent). A real change
 * writes UserSettingsChanged in the same transaction.
 */
@Injectable()
export class UpdateCopySettingsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: UserSettingsChangedPublisher,
    private readonly sessions: SessionInvalidations,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<UpdateCopySettingsRpcRequest>): Promise<UserRpcReply> {
    const { userId } = requireActor(actor);
    if (
      payload.copyTradingEnabled === undefined &&
      payload.defaultCopyAmount === undefined &&
      payload.maxCopyAmount === undefined &&
      payload.closeAutoCopiesOnTraderSell === undefined
    ) {
      throw DomainException.badRequest(CopySettingsMessages.nothingToUpdate);
    }
    const user = await this.dataSource.transaction(async (manager) => {
      const current = await manager.findOneOrFail(UserEntity, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      const next = {
        copyTradingEnabled: payload.copyTradingEnabled ?? current.copyTradingEnabled,
        defaultCopyAmount:
          payload.defaultCopyAmount === undefined ? current.defaultCopyAmount : toMoney(payload.defaultCopyAmount),
        maxCopyAmount: payload.maxCopyAmount === undefined ? current.maxCopyAmount : toMoney(payload.maxCopyAmount),
        closeAutoCopiesOnTraderSell: payload.closeAutoCopiesOnTraderSell ?? current.closeAutoCopiesOnTraderSell,
      };
      const problem = validateCopyAmounts({
        defaultCopyAmount: toNumber(next.defaultCopyAmount),
        maxCopyAmount: toNumber(next.maxCopyAmount),
      });
      if (problem) throw new DomainException(400, IdentityErrorCode.COPY_SETTINGS_INVALID, problem);
      const changed = (Object.keys(next) as CopyField[]).filter((field) => next[field] !== current[field]);
      if (changed.length === 0) return current;
      await manager.update(UserEntity, { id: userId }, next);
      await this.events.publish(manager, userId, changed, requestId);
      // Gateways cache the user's view with the session.
      await runAfterCommit(manager, () => this.sessions.userChanged(userId));
      return manager.findOneByOrFail(UserEntity, { id: userId });
    });
    return { user: toUserView(user) };
  }
}

/** Amounts are numeric(14,2): stored and compared as two-decimal strings, never as floats. */
function toMoney(value: number | null): string | null {
  return value === null ? null : value.toFixed(2);
}

function toNumber(value: string | null): number | null {
  return value === null ? null : Number(value);
}
