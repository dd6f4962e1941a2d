import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentityDevToolsRpc, ListDevMailRpcCall, Messages, type ListDevMailRpcReply } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { IdentityConfig } from '../../config/identity.config';
import { DevMailbox } from './dev-mailbox';

@Controller()
export class DevMailController {
  constructor(
    private readonly mailbox: DevMailbox,
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  /** The development mailbox; in production it does not exist (the gateway has no route for it either). */
  @MessagePattern(IdentityDevToolsRpc.listDevMail)
  async list(@Payload() request: ListDevMailRpcCall): Promise<ListDevMailRpcReply> {
    if (this.config.isProduction) throw DomainException.notFound(Messages.devMailboxOnly);
    return { mails: await this.mailbox.list(request.payload.to) };
  }
}
