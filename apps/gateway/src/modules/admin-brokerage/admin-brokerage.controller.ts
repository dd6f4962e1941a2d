import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ADMIN_BROKERAGE_GATEWAY_TIMEOUT_MS,
  ADMIN_PAGE_SIZE,
  AdminBodyDto,
  AdminBrokerageMessages,
  AdminBrokerageRpc,
  AdminDeleteSnaptradeUserDto,
  AdminDeleteSpecificConnectionDto,
  AdminListConnectionsDto,
  AdminRemoveBrokerageDto,
  AdminTargetUserDto,
  adminPaginationOf,
  type AdminAllConnectionsResponse,
  type AdminBrokerageChangeResponse,
  type AdminBrokerageChangeRpcReply,
  type AdminBrokerageRpcCalls,
  type AdminSnaptradeUsersResponse,
  type AdminUserConnectionsResponse,
  type AdminUserHoldingsResponse,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { AdminOnly, Req } from '../auth/access.decorators';
import { withoutUserId } from '../auth/admin-body';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/** Waits for the brokerage's provider reads (through the admin service). */
const READ_TIMEOUT_MS = 15_000;

/**
 * The admin panel's brokerage tools (docs/product.md#admin-panel): admins
 * only, whatever provider is configured; the admin service audit-logs each removal, and the brokerage publishes the
 * connection events, so the user's brokerageConnected and provider id follow.
 */
@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class GatewayAdminBrokerageController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('all-connections')
  @HttpCode(200)
  async allConnections(
    @Body() body: AdminListConnectionsDto,
    @Req() request: GatewayRequest,
  ): Promise<AdminAllConnectionsResponse> {
    const payload = withoutUserId(body);
    const reply = await this.call(AdminBrokerageRpc.allConnections, payload, request, READ_TIMEOUT_MS);
    const pagination = adminPaginationOf(payload.page ?? 1, payload.limit ?? ADMIN_PAGE_SIZE, reply.total);
    return { success: true, connections: reply.connections, pagination };
  }

  @Post('snaptrade-users')
  @HttpCode(200)
  async snaptradeUsers(
    @Body() _body: AdminBodyDto,
    @Req() request: GatewayRequest,
  ): Promise<AdminSnaptradeUsersResponse> {
    const reply = await this.call(AdminBrokerageRpc.providerUsers, {}, request, READ_TIMEOUT_MS);
    return { success: true, ...reply };
  }

  @Post('user-connections')
  @HttpCode(200)
  async userConnections(
    @Body() body: AdminTargetUserDto,
    @Req() request: GatewayRequest,
  ): Promise<AdminUserConnectionsResponse> {
    const reply = await this.call(AdminBrokerageRpc.userConnections, withoutUserId(body), request, READ_TIMEOUT_MS);
    return {
      success: true,
      userId: body.targetUserId,
      hasSnaptradeConnection: reply.connections.some((connection) => !connection.disabled),
      ...reply,
    };
  }

  @Post('user-holdings')
  @HttpCode(200)
  async userHoldings(
    @Body() body: AdminTargetUserDto,
    @Req() request: GatewayRequest,
  ): Promise<AdminUserHoldingsResponse> {
    const reply = await this.call(AdminBrokerageRpc.userHoldings, withoutUserId(body), request, READ_TIMEOUT_MS);
    return { success: true, userId: body.targetUserId, holdings: reply.holdings };
  }

  /** Every connection of the user (their aggregation link); the provider registration stays. */
  @Post('delete-connection')
  @HttpCode(200)
  async deleteConnections(
    @Body() body: AdminTargetUserDto,
    @Req() request: GatewayRequest,
  ): Promise<AdminBrokerageChangeResponse> {
    const reply = await this.call(
      AdminBrokerageRpc.deleteConnections,
      withoutUserId(body),
      request,
      ADMIN_BROKERAGE_GATEWAY_TIMEOUT_MS,
    );
    return this.changed(AdminBrokerageMessages.connectionsDeleted(reply.removedConnections.length), reply);
  }

  @Post('delete-specific-connection')
  @HttpCode(200)
  async deleteConnection(
    @Body() body: AdminDeleteSpecificConnectionDto,
    @Req() request: GatewayRequest,
  ): Promise<AdminBrokerageChangeResponse> {
    const reply = await this.call(
      AdminBrokerageRpc.deleteConnection,
      withoutUserId(body),
      request,
      ADMIN_BROKERAGE_GATEWAY_TIMEOUT_MS,
    );
    return this.changed(AdminBrokerageMessages.connectionDeleted, reply);
  }

  @Post('delete-snaptrade-user')
  @HttpCode(200)
  async deleteSnaptradeUser(
    @Body() body: AdminDeleteSnaptradeUserDto,
    @Req() request: GatewayRequest,
  ): Promise<AdminBrokerageChangeResponse> {
    const reply = await this.call(
      AdminBrokerageRpc.deleteProviderUser,
      withoutUserId(body),
      request,
      ADMIN_BROKERAGE_GATEWAY_TIMEOUT_MS,
    );
    return this.changed(AdminBrokerageMessages.snaptradeUserDeleted, reply);
  }

  @Post('remove-brokerage')
  @HttpCode(200)
  async removeBrokerage(
    @Body() body: AdminRemoveBrokerageDto,
    @Req() request: GatewayRequest,
  ): Promise<AdminBrokerageChangeResponse> {
    const reply = await this.call(
      AdminBrokerageRpc.removeBrokerage,
      withoutUserId(body),
      request,
      ADMIN_BROKERAGE_GATEWAY_TIMEOUT_MS,
    );
    return this.changed(AdminBrokerageMessages.brokerageRemoved, reply);
  }

  /**
   * The subject decides the payload's type and the reply's (AdminBrokerageRpcCalls). Reads wait READ_TIMEOUT_MS;
   * removals wait for the provider's calls (ADMIN_BROKERAGE_GATEWAY_TIMEOUT_MS).
   */
  private call<S extends keyof AdminBrokerageRpcCalls>(
    pattern: S,
    payload: AdminBrokerageRpcCalls[S]['request'],
    request: GatewayRequest,
    timeoutMs: number,
  ): Promise<AdminBrokerageRpcCalls[S]['reply']> {
    type Call = AdminBrokerageRpcCalls[S];
    return this.rpc.request<Call['request'], Call['reply']>(pattern, payload, rpcContextOf(request), timeoutMs);
  }

  private changed(message: string, reply: AdminBrokerageChangeRpcReply): AdminBrokerageChangeResponse {
    return { success: true, message, removedConnections: reply.removedConnections };
  }
}
