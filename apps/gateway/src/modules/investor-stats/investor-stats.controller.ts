import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CopyEngineAnalyticsRpc,
  InvestorStatsQueryDto,
  type InvestorStatsResponse,
  type InvestorStatsRpcReply,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { timingSafeEqual } from 'node:crypto';
import { GatewayConfig } from '../../config/gateway.config';
import { AdminOnly, Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

export const SYSTEM_KEY_HEADER = 'x-system-key';

/**
 * The admin Statistics tab (docs/product.md#admin-panel), computed by the copy engine. Admins only, by the session;
 * the web app's system-key header is checked too when INVESTOR_STATS_SYSTEM_KEY is set — an extra lock, never
 * a way in for a non-admin.
 */
@ApiTags('admin')
@AdminOnly()
@Controller('api/copy-trades/analytics')
export class InvestorStatsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly config: GatewayConfig,
  ) {}

  @Get('investor-stats')
  async investorStats(
    @Query() query: InvestorStatsQueryDto,
    @Req() request: GatewayRequest,
  ): Promise<InvestorStatsResponse> {
    this.assertSystemKey(request.headers[SYSTEM_KEY_HEADER]);
    const reply = await this.rpc.request<InvestorStatsQueryDto, InvestorStatsRpcReply>(
      CopyEngineAnalyticsRpc.investorStats,
      query,
      rpcContextOf(request),
    );
    return { success: true, stats: reply.stats };
  }

  private assertSystemKey(sent: string | string[] | undefined): void {
    const expected = this.config.INVESTOR_STATS_SYSTEM_KEY;
    if (!expected) return;
    const given = Buffer.from(typeof sent === 'string' ? sent : '');
    const wanted = Buffer.from(expected);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
      throw DomainException.forbidden('A valid system key is required for investor statistics.');
  }
}
