import { Body, Controller, Get, Header, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageRpc,
  ConnectionPortalDto,
  RegisterProviderUserDto,
  type AccountScopedRpcRequest,
  type AccountsResponse,
  type BalancesResponse,
  type BrokerageUserRpcCalls,
  type ConnectionPortalResponse,
  type ConnectionPortalRpcRequest,
  type ConnectionsResponse,
  type OrdersResponse,
  type PortfolioHistoryResponse,
  type PositionsResponse,
  type ProviderCredentialsResponse,
  type RegisterProviderUserResponse,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import type { Response } from 'express';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { ReadCache } from '../read-cache/read-cache.service';
import { AccountIdPipe, sessionUserId, UserIdParam } from './brokerage-params';
import { InvalidatesBrokerageReads } from './brokerage-writes.interceptor';
import type { JsonBody } from '../read-cache/json-body';

/**
 * The web app's /api/snaptrade/* calls (docs/product.md#rest-calls). Every userId and accountId must be the session
 * user's own (403 otherwise).
 */
@ApiTags('brokerage')
@Controller('api/snaptrade')
export class BrokerageController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly reads: ReadCache,
  ) {}

  @InvalidatesBrokerageReads()
  @Post('register-user')
  @HttpCode(200)
  async registerUser(
    @Body() body: RegisterProviderUserDto,
    @Req() request: GatewayRequest,
  ): Promise<RegisterProviderUserResponse> {
    const reply = await this.call(BrokerageRpc.registerUser, { userId: sessionUserId(request, body.userId) }, request);
    return {
      success: true,
      message: reply.alreadyRegistered ? 'Already registered with SnapTrade' : 'Registered with SnapTrade',
      snaptradeUserId: reply.providerUserId,
      alreadyRegistered: reply.alreadyRegistered,
    };
  }

  @InvalidatesBrokerageReads()
  @Post('connection-portal')
  @HttpCode(200)
  async connectionPortal(
    @Body() body: ConnectionPortalDto,
    @Req() request: GatewayRequest,
  ): Promise<ConnectionPortalResponse> {
    const payload: ConnectionPortalRpcRequest = {
      userId: sessionUserId(request, body.userId),
      broker: body.broker,
      customRedirect: body.customRedirect,
      connectionType: body.connectionType,
    };
    const reply = await this.call(BrokerageRpc.connectionPortal, payload, request);
    return { success: true, connectionUrl: reply.connectionUrl };
  }

  @Get('connections/:userId')
  async connections(
    @Param('userId', UserIdParam) userId: string,
    @Req() request: GatewayRequest,
  ): Promise<ConnectionsResponse> {
    const reply = await this.call(BrokerageRpc.listConnections, { userId: sessionUserId(request, userId) }, request);
    // The owner block comes from the session's user: brokerage keeps no e-mail or username.
    const user = {
      id: request.user!.id,
      email: request.user!.email,
      username: request.user!.username,
      snaptradeUserId: reply.providerUserId,
    };
    return {
      success: true,
      connections: reply.connections.map((connection) => ({ ...connection, user })),
      accountIds: reply.accountIds,
    };
  }

  @Get('accounts/:userId')
  @Header('Content-Type', 'application/json; charset=utf-8')
  async accounts(
    @Param('userId', UserIdParam) userId: string,
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<JsonBody<AccountsResponse>> {
    const owner = sessionUserId(request, userId);
    // The heaviest dashboard read (a provider round trip and a link sync): kept as the brokerage says, dropped on writes.
    const answer = await this.reads.read(
      { subject: BrokerageRpc.listAccounts, userId: owner, params: '' },
      () => this.call(BrokerageRpc.listAccounts, { userId: owner }, request),
      (reply): AccountsResponse => ({ success: true, accounts: reply.accounts }),
    );
    return this.reads.send(request, response, answer);
  }

  @Get('balances/:accountId/:userId')
  async balances(
    @Param('accountId', AccountIdPipe) accountId: string,
    @Param('userId', UserIdParam) userId: string,
    @Req() request: GatewayRequest,
  ): Promise<BalancesResponse> {
    const reply = await this.call(BrokerageRpc.getBalances, this.accountScope(request, accountId, userId), request);
    return { success: true, balances: reply.balances };
  }

  @Get('positions/:accountId/:userId')
  async positions(
    @Param('accountId', AccountIdPipe) accountId: string,
    @Param('userId', UserIdParam) userId: string,
    @Req() request: GatewayRequest,
  ): Promise<PositionsResponse> {
    const reply = await this.call(BrokerageRpc.listPositions, this.accountScope(request, accountId, userId), request);
    return { success: true, positions: reply.positions };
  }

  @Get('orders/:accountId/:userId')
  async orders(
    @Param('accountId', AccountIdPipe) accountId: string,
    @Param('userId', UserIdParam) userId: string,
    @Req() request: GatewayRequest,
  ): Promise<OrdersResponse> {
    const reply = await this.call(BrokerageRpc.listOrders, this.accountScope(request, accountId, userId), request);
    return { success: true, orders: reply.orders };
  }

  /** The Performance Overview chart: total portfolio value per snapshot bucket over the last 90 days. */
  @Get('portfolio-history/:userId')
  async portfolioHistory(
    @Param('userId', UserIdParam) userId: string,
    @Req() request: GatewayRequest,
  ): Promise<PortfolioHistoryResponse> {
    const reply = await this.call(BrokerageRpc.portfolioHistory, { userId: sessionUserId(request, userId) }, request);
    return { success: true, ...reply };
  }

  /** The provider user id and secret, for their owner only (the settings page shows the secret masked until asked). */
  @Get('credentials/:userId')
  async credentials(
    @Param('userId', UserIdParam) userId: string,
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ProviderCredentialsResponse> {
    response.setHeader('Cache-Control', 'no-store');
    const reply = await this.call(BrokerageRpc.getCredentials, { userId: sessionUserId(request, userId) }, request);
    return { success: true, snaptradeUserId: reply.providerUserId, snaptradeUserSecret: reply.userSecret };
  }

  private accountScope(request: GatewayRequest, accountId: string, userId: string): AccountScopedRpcRequest {
    return { userId: sessionUserId(request, userId), accountId };
  }

  /** The subject decides the payload's type and the reply's (BrokerageUserRpcCalls). */
  private call<S extends keyof BrokerageUserRpcCalls>(
    pattern: S,
    payload: BrokerageUserRpcCalls[S]['request'],
    request: GatewayRequest,
  ): Promise<BrokerageUserRpcCalls[S]['reply']> {
    return this.rpc.request<BrokerageUserRpcCalls[S]['request'], BrokerageUserRpcCalls[S]['reply']>(
      pattern,
      payload,
      rpcContextOf(request),
      BROKERAGE_READ_RPC_TIMEOUT_MS,
    );
  }
}
