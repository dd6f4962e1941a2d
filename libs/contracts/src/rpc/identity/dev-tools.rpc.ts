import type { DevMailView } from '../../http/identity/dev-mail.dto';

export const IdentityDevToolsRpc = {
  /** Development only: identity refuses it in production. */
  listDevMail: 'rpc.identity.dev-mail.list',
  recordDebugLog: 'rpc.identity.debug-logs.record',
} as const;

export interface ListDevMailRpcRequest {
  to?: string;
}
export interface ListDevMailRpcReply {
  mails: DevMailView[];
}

export interface RecordDebugLogRpcRequest {
  label: string;
  data?: unknown;
}
