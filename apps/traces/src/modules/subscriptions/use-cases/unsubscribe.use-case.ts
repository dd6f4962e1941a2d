import { Injectable } from '@nestjs/common';
import { TracesMessages, type RpcRequest, type UnsubscribeDto } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { SubscriptionEntity } from '../../shared/entities';
import { requireActor } from '../../shared/trace-access';
import { SubscriptionLedger } from '../subscription-ledger';

/** POST /api/unsubscribe: ends the caller's active subscription; access ends with the commit. */
@Injectable()
export class UnsubscribeUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: SubscriptionLedger,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<UnsubscribeDto>): Promise<{ ended: true }> {
    if (requireActor(actor).userId !== payload.userId) throw DomainException.forbidden(TracesMessages.subscribeOwnOnly);
    await this.dataSource.transaction(async (manager) => {
      const trace = await this.ledger.lockTrace(manager, payload.traceId);
      if (trace.ownerUserId === payload.userId)
        throw new DomainException(409, 'OWNER_CANNOT_UNSUBSCRIBE', TracesMessages.ownerCannotUnsubscribe);
      const subscription = await manager.findOneBy(SubscriptionEntity, {
        traceId: trace.id,
        userId: payload.userId,
        status: 'active',
      });
      if (!subscription) throw DomainException.notFound(TracesMessages.notSubscribed, 'NOT_SUBSCRIBED');
      await this.ledger.end(manager, subscription, 'unsubscribed', requestId);
    });
    this.ledger.kick();
    return { ended: true };
  }
}
