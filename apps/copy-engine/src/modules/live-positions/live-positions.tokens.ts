/** The live positions' request/reply client to traces and the brokerage (an RpcClient). */
export const LIVE_POSITIONS_RPC = Symbol('LIVE_POSITIONS_RPC');
