import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { TraceOwnerProfileRpc, type GetOwnerTraceRpcReply, type OwnerTraceDataResponse } from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

const uuidParam = (name: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => DomainException.badRequest(`${name} must be a valid id`) });

/**
 * The owner's trace data, profile, privacy, posts, integration and avatar. The traces service refuses every call
 * but the trace owner's (403 NOT_TRACE_OWNER, admins included; 404 for an unknown trace).
 */
@ApiTags('trace-owner')
@Controller('api')
export class TraceOwnerProfileController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('trace-owner/:traceId')
  async ownerTrace(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Req() request: GatewayRequest,
  ): Promise<OwnerTraceDataResponse> {
    const reply = await this.rpc.request<object, GetOwnerTraceRpcReply>(
      TraceOwnerProfileRpc.getOwnerTrace,
      { traceId },
      rpcContextOf(request),
    );
    // The traces service has just checked that the session's user owns the trace: the owner block is that user.
    const user = request.user!;
    return {
      success: true,
      ...reply,
      owner: {
        username: user.username,
        email: user.email,
        snaptradeUserId: user.snaptradeUserId,
        brokerageConnected: user.brokerageConnected,
      },
    };
  }
}
