import type { BetaRequestStatus, BetaRequestView, BetaStatusResponse } from '../../http/identity/beta.dto';

export const IdentityBetaRpc = {
  status: 'rpc.identity.beta.status',
  sendCode: 'rpc.identity.beta-codes.send',
  verifyCode: 'rpc.identity.beta-codes.verify',
  listRequests: 'rpc.identity.beta-requests.list',
  approveRequest: 'rpc.identity.beta-requests.approve',
} as const;

export type BetaStatusRpcReply = BetaStatusResponse;

export interface SendBetaCodeRpcRequest {
  email: string;
}
export interface VerifyBetaCodeRpcRequest {
  email: string;
  betaCode: string;
}
export interface VerifyBetaCodeRpcReply {
  userExists: boolean;
}

export interface ListBetaRequestsRpcRequest {
  page: number;
  limit: number;
  status?: BetaRequestStatus;
}
export interface ListBetaRequestsRpcReply {
  requests: BetaRequestView[];
  total: number;
}
export interface ApproveBetaRequestRpcRequest {
  id: string;
}
export interface ApproveBetaRequestRpcReply {
  request: BetaRequestView;
}
