import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import type { EventEnvelope } from '../../events/event-envelope';
import { ListBetaRequestsQueryDto, SendBetaCodeDto, VerifyBetaCodeDto } from '../../http/identity/beta.dto';
import { UpdateCopySettingsDto } from '../../http/identity/copy-settings.dto';
import { DebugLogDto } from '../../http/identity/debug-log.dto';
import { DevMailQueryDto } from '../../http/identity/dev-mail.dto';
import { LoginDto } from '../../http/identity/login.dto';
import { UpdateNotificationPreferencesDto } from '../../http/identity/notification-preferences.dto';
import { OnboardingUserDto } from '../../http/identity/onboarding.dto';
import { ForgotPasswordDto, ResetPasswordDto } from '../../http/identity/password-reset.dto';
import { CheckPhoneDto, CheckUsernameDto, FinalSignupDto } from '../../http/identity/signup.dto';
import { rpcCallOf } from '../rpc-call';
import type { UpdateCopySettingsRpcRequest } from './account.rpc';
import type { ApproveBetaRequestRpcRequest } from './beta.rpc';
import type { SessionTokenRpcRequest } from './identity.rpc';
import { USERS_LOOKUP_MAX, type LookupUsersRpcRequest } from './users.rpc';

// Validated envelopes of identity's handlers (see rpcCallOf). Payloads reuse the gateway's HTTP DTOs where the
// shape is the same; the others are declared here.

export class SessionTokenRpcPayload implements SessionTokenRpcRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(512)
  sessionToken: string;
}

export class ApproveBetaRequestRpcPayload implements ApproveBetaRequestRpcRequest {
  @IsUUID('all', { message: 'id must be a valid id' })
  id: string;
}

/** Copy trading on/off and the amounts in one message (two HTTP routes send it). */
export class UpdateCopySettingsRpcPayload extends UpdateCopySettingsDto implements UpdateCopySettingsRpcRequest {
  @IsOptional()
  @IsBoolean({ message: 'copyTradingEnabled must be true or false' })
  copyTradingEnabled?: boolean;
}

/** Read-your-writes: an event an owner service just committed, for identity's projections. */
export class ApplyProjectionsRpcPayload {
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  subject: string;

  /** Checked in full (envelope and payload, against the event catalogue) by the event envelope parser. */
  @IsObject()
  envelope: EventEnvelope;
}

/** Users by id (other services: a trace owner's existence, owners' usernames). */
export class LookupUsersRpcPayload implements LookupUsersRpcRequest {
  @IsArray({ message: 'ids must be a list of user ids' })
  @ArrayMaxSize(USERS_LOOKUP_MAX, { message: `ids must hold at most ${USERS_LOOKUP_MAX} user ids` })
  @IsUUID('all', { each: true, message: 'ids must be a list of user ids' })
  ids: string[];
}

export class LoginRpcCall extends rpcCallOf(LoginDto) {}
export class SessionTokenRpcCall extends rpcCallOf(SessionTokenRpcPayload) {}
export class SendBetaCodeRpcCall extends rpcCallOf(SendBetaCodeDto) {}
export class VerifyBetaCodeRpcCall extends rpcCallOf(VerifyBetaCodeDto) {}
export class ListBetaRequestsRpcCall extends rpcCallOf(ListBetaRequestsQueryDto) {}
export class ApproveBetaRequestRpcCall extends rpcCallOf(ApproveBetaRequestRpcPayload) {}
export class CheckUsernameRpcCall extends rpcCallOf(CheckUsernameDto) {}
export class CheckPhoneRpcCall extends rpcCallOf(CheckPhoneDto) {}
export class RegisterUserRpcCall extends rpcCallOf(FinalSignupDto) {}
export class RequestPasswordResetRpcCall extends rpcCallOf(ForgotPasswordDto) {}
export class CompletePasswordResetRpcCall extends rpcCallOf(ResetPasswordDto) {}
export class OnboardingRpcCall extends rpcCallOf(OnboardingUserDto) {}
export class UpdateCopySettingsRpcCall extends rpcCallOf(UpdateCopySettingsRpcPayload) {}
export class UpdateNotificationPreferencesRpcCall extends rpcCallOf(UpdateNotificationPreferencesDto) {}
export class ListDevMailRpcCall extends rpcCallOf(DevMailQueryDto) {}
export class RecordDebugLogRpcCall extends rpcCallOf(DebugLogDto) {}
export class ApplyProjectionsRpcCall extends rpcCallOf(ApplyProjectionsRpcPayload) {}
export class LookupUsersRpcCall extends rpcCallOf(LookupUsersRpcPayload) {}
