/** Identity's request/reply client to traces (an RpcClient): who may see a shared trade. */
export const IDENTITY_RPC = Symbol('IDENTITY_RPC');
