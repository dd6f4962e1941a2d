import { Injectable } from '@nestjs/common';
import { TracesMessages, type RpcRequest, type SubscribeDto, type SubscriptionRpcReply } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { requireActor } from '../../shared/trace-access';
import { toSubscriptionView } from '../../shared/trace-views';
import { SubscriptionLedger } from '../subscription-ledger';

/** POST /api/subscribe: the session's own user only, at a tier of that trace. */
@Injectable()
export class SubscribeUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: SubscriptionLedger,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<SubscribeDto>): Promise<SubscriptionRpcReply> {
    if (requireActor(actor).userId !== payload.userId) throw DomainException.forbidden(TracesMessages.subscribeOwnOnly);
    const started = await this.dataSource.transaction((manager) =>
      this.ledger.start(manager, { ...payload, source: 'user', correlationId: requestId }),
    );
    this.ledger.kick();
    return { subscription: toSubscriptionView(started.subscription, started.trace, started.tier) };
  }
}
