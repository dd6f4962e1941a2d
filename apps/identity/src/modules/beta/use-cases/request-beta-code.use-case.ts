import { Injectable, Logger } from '@nestjs/common';
import {
  BetaMessages,
  normaliseEmail,
  type RpcRequest,
  type SendBetaCodeResponse,
  type SendBetaCodeRpcRequest,
} from '@copytrade/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { consumeEach, type RateLimit } from '../../rate-limits/rate-limit';
import { RateLimitPolicies } from '../../rate-limits/rate-limit-policies';
import { RateLimits } from '../../rate-limits/rate-limits.service';
import { BetaCapacity } from '../beta-capacity.service';
import { BetaCodes } from '../beta-codes.service';
import { BetaSettings } from '../beta-settings.service';

/**
 * Records a beta request (one row per address) and, when requests are auto-approved and a seat is left,
 * e-mails a code at once; otherwise the request waits for an admin. The answer is the same in every case,
 * known address or not, so it reveals nothing.
 */
@Injectable()
export class RequestBetaCodeUseCase {
  private readonly logger = new Logger(RequestBetaCodeUseCase.name);
  private readonly perEmail: RateLimit;
  private readonly perAddress: RateLimit;

  constructor(
    private readonly dataSource: DataSource,
    private readonly codes: BetaCodes,
    private readonly settings: BetaSettings,
    private readonly capacity: BetaCapacity,
    limits: RateLimits,
  ) {
    this.perEmail = limits.create(RateLimitPolicies.sendBetaCodePerEmail);
    this.perAddress = limits.create(RateLimitPolicies.sendBetaCodePerAddress);
  }

  async execute({
    payload,
    clientAddress,
    requestId,
  }: RpcRequest<SendBetaCodeRpcRequest>): Promise<SendBetaCodeResponse> {
    const email = normaliseEmail(payload.email);
    await consumeEach([
      [this.perEmail, email],
      [this.perAddress, clientAddress],
    ]);
    // A full beta issues no codes: requests wait (as a waiting list) until an admin approves them.
    const full = await this.capacity.isFull();
    const approveNow = !full && (await this.settings.autoApprove());

    const code = await this.dataSource.transaction(async (manager) => {
      const approved = await this.recordRequest(manager, email, clientAddress, approveNow);
      return approved && !full ? this.codes.issue(manager, email) : null;
    });
    if (code) await this.codes.mail(email, code);
    this.logger.log({ requestId, clientAddress, codeSent: code !== null }, 'Beta code requested');
    return { success: true, message: BetaMessages.requestReceived };
  }

  /** Upserts the request; approves a pending one when allowed. Returns whether it is approved. */
  private async recordRequest(
    manager: EntityManager,
    email: string,
    clientAddress: string | undefined,
    approveNow: boolean,
  ): Promise<boolean> {
    const [row] = (await manager.query(
      `INSERT INTO identity.beta_requests (email, last_client_address, status, approved_at)
       VALUES ($1, $2, CASE WHEN $3::boolean THEN 'approved' ELSE 'pending' END, CASE WHEN $3::boolean THEN now() END)
       ON CONFLICT (email) DO UPDATE SET
         request_count = beta_requests.request_count + 1,
         last_requested_at = now(),
         last_client_address = EXCLUDED.last_client_address,
         status = CASE WHEN $3::boolean THEN 'approved' ELSE beta_requests.status END,
         approved_at = CASE WHEN $3::boolean AND beta_requests.status = 'pending' THEN now() ELSE beta_requests.approved_at END
       RETURNING status`,
      [email, clientAddress ?? null, approveNow],
    )) as { status: string }[];
    return row?.status === 'approved';
  }
}
