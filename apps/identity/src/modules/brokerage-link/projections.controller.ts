import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentityRpc, type RpcRequest } from '@copytrade/contracts';
import {
  EventConsumerRegistry,
  parseEventEnvelope,
  type ApplyProjectionsRpcReply,
  type ApplyProjectionsRpcRequest,
} from '@copytrade/nest';

/** Read-your-writes: an owner service hands identity an event it just committed (see ProjectionSync). */
@Controller()
export class ProjectionsController {
  constructor(private readonly consumers: EventConsumerRegistry) {}

  @MessagePattern(IdentityRpc.applyProjections)
  async apply(@Payload() { payload }: RpcRequest<ApplyProjectionsRpcRequest>): Promise<ApplyProjectionsRpcReply> {
    return {
      applied: await this.consumers.applyNow(
        payload.subject,
        parseEventEnvelope(JSON.stringify(payload.envelope), payload.subject),
      ),
    };
  }
}
