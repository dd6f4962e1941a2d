import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ApplyProjectionsRpcCall, TracesRpc } from '@copytrade/contracts';
import { EventConsumerRegistry, parseEventEnvelope, type ApplyProjectionsRpcReply } from '@copytrade/nest';

/**
 * Read-your-writes: the copy engine hands traces a CopyOpened it just committed (see ProjectionSync), so the copier's
 * next read of the trace's trades shows the count. The same consumer, inbox and handler as the JetStream delivery,
 * which then changes nothing; the handler drops the gateways' cached reads of the trace before this answers.
 */
@Controller()
export class TracesProjectionsController {
  constructor(private readonly consumers: EventConsumerRegistry) {}

  @MessagePattern(TracesRpc.applyProjections)
  async apply(@Payload() { payload }: ApplyProjectionsRpcCall): Promise<ApplyProjectionsRpcReply> {
    return {
      applied: await this.consumers.applyNow(
        payload.subject,
        parseEventEnvelope(JSON.stringify(payload.envelope), payload.subject),
      ),
    };
  }
}
