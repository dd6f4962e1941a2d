import { SubmitFeedbackDto } from '../../http/admin/feedback.dto';
import { SetMaintenanceModeDto } from '../../http/admin/maintenance.dto';
import type { FeedbackType } from '../../rules/feedback.rules';
import { rpcCallOf } from '../rpc-call';
import type { SubmitFeedbackRpcRequest } from './feedback.rpc';

// Validated envelopes of admin's handlers (see rpcCallOf).

/** The feedback form plus the signed-in user's own address, which the gateway sets from the session. */
export class SubmitFeedbackRpcPayload extends SubmitFeedbackDto implements SubmitFeedbackRpcRequest {
  /** Checked against FEEDBACK_TYPES by the form's rule. */
  declare type: FeedbackType;

  /** Set by the gateway, never by the client; the form's rules apply. */
  declare email: string;
}

export class SetMaintenanceModeRpcCall extends rpcCallOf(SetMaintenanceModeDto) {}
export class SubmitFeedbackRpcCall extends rpcCallOf(SubmitFeedbackRpcPayload) {}
