import { Controller, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentityDevToolsRpc, Messages, RecordDebugLogRpcCall, type DebugLogResponse } from '@copytrade/contracts';
import { requireActor } from '../../common/actor';
import type { RateLimit } from '../rate-limits/rate-limit';
import { RateLimitPolicies } from '../rate-limits/rate-limit-policies';
import { RateLimits } from '../rate-limits/rate-limits.service';

/**
 * POST /api/debug/log: the web app's debug lines, written to the service log. Signed-in users only, bounded
 * in size by the gateway's DTO and in rate per user here (the counter lives with identity's other limits).
 */
@Controller()
export class DebugLogController {
  private readonly logger = new Logger('ClientDebugLog');
  private readonly perUser: RateLimit;

  constructor(limits: RateLimits) {
    this.perUser = limits.create(RateLimitPolicies.debugLogPerUser);
  }

  @MessagePattern(IdentityDevToolsRpc.recordDebugLog)
  async record(@Payload() { actor, payload, requestId }: RecordDebugLogRpcCall): Promise<DebugLogResponse> {
    const { userId } = requireActor(actor);
    await this.perUser.consume(userId);
    this.logger.log({ requestId, userId, label: payload.label, data: payload.data }, 'Client debug log');
    return { success: true, message: Messages.debugLogRecorded };
  }
}
