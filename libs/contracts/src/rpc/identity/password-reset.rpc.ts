export const IdentityPasswordResetRpc = {
  request: 'rpc.identity.password-resets.request',
  complete: 'rpc.identity.password-resets.complete',
} as const;

export interface RequestPasswordResetRpcRequest {
  email: string;
}
export interface CompletePasswordResetRpcRequest {
  token: string;
  newPassword: string;
  confirmPassword: string;
}
