import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { validateBetaCode } from '../../rules/beta.rules';
import { validateEmail } from '../../rules/email.rules';
import { SatisfiesRule, trimString } from '../common/satisfies-rule.validator';

/** Query values arrive as text. (No @Type: it needs reflect-metadata, which the browser does not load.) */
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
const emailRule = (value: unknown) => validateEmail(typeof value === 'string' ? value : '');

/** POST /api/send-beta-code */
export class SendBetaCodeDto {
  @Transform(trimString)
  @SatisfiesRule(emailRule)
  email: string;
}

/** POST /api/verify-beta-code */
export class VerifyBetaCodeDto {
  @Transform(trimString)
  @SatisfiesRule(emailRule)
  email: string;

  @Transform(trimString)
  @SatisfiesRule(validateBetaCode)
  betaCode: string;
}

export const BETA_REQUEST_STATUSES = ['pending', 'approved'] as const;
export type BetaRequestStatus = (typeof BETA_REQUEST_STATUSES)[number];

/** Pages past this are refused (400), so an offset always fits the database's integers. */
export const MAX_PAGE = 100_000;

/** GET /api/admin/beta-requests?page&limit&status */
export class ListBetaRequestsQueryDto {
  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: `page must be between 1 and ${MAX_PAGE}` })
  @Max(MAX_PAGE, { message: `page must be between 1 and ${MAX_PAGE}` })
  page: number = 1;

  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be between 1 and 100' })
  @Max(100, { message: 'limit must be between 1 and 100' })
  limit: number = 20;

  @IsOptional()
  @IsIn(BETA_REQUEST_STATUSES, { message: 'status must be pending or approved' })
  status?: BetaRequestStatus;
}

export interface BetaStatusResponse {
  currentCount: number;
  maxCount: number;
}
export interface SendBetaCodeResponse {
  success: true;
  message: string;
}
export interface VerifyBetaCodeResponse {
  success: true;
  userExists: boolean;
  message: string;
}

export interface BetaRequestView {
  id: string;
  email: string;
  status: BetaRequestStatus;
  /** How many times the address asked (repeat requests update one row). */
  requestCount: number;
  createdAt: string;
  lastRequestedAt: string;
  approvedAt: string | null;
  /** Null when approved automatically. */
  approvedByUserId: string | null;
}
export interface BetaRequestsResponse {
  success: true;
  requests: BetaRequestView[];
  page: number;
  limit: number;
  total: number;
}
export interface ApproveBetaRequestResponse {
  success: true;
  request: BetaRequestView;
  message: string;
}
