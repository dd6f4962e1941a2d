import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ApplyProjectionsRpcCall, IdentityRpc } from '@copytrade/contracts';
import { EventConsumerRegistry, parseEventEnvelope, type ApplyProjectionsRpcReply } from '@copytrade/nest';

/** Read-your-writes: an owner service hands identity an event it just committed (see ProjectionSync). */
@Controller()
export class ProjectionsController {
  constructor(private readonly consumers: EventConsumerRegistry) {}

  @MessagePattern(IdentityRpc.applyProjections)
  async apply(@Payload() { payload }: ApplyProjectionsRpcCall): Promise<ApplyProjectionsRpcReply> {
    return {
      applied: await this.consumers.applyNow(
        payload.subject,
        parseEventEnvelope(JSON.stringify(payload.envelope), payload.subject),
      ),
    };
  }
}
