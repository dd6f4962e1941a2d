import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CsrfTokenResponse } from '@copytrade/contracts';
import type { Response } from 'express';
import { Public, Req } from '../auth/access.decorators';
import type { GatewayRequest } from '../auth/authenticated-request';
import { CsrfTokens } from './csrf-tokens.service';

@ApiTags('auth')
@Controller('api')
export class CsrfController {
  constructor(private readonly tokens: CsrfTokens) {}

  @Public()
  @Get('csrf-token')
  token(@Req() request: GatewayRequest, @Res({ passthrough: true }) response: Response): CsrfTokenResponse {
    response.setHeader('Cache-Control', 'no-store');
    return { csrfToken: this.tokens.issue(request, response) };
  }
}
