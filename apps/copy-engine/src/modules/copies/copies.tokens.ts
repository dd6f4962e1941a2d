/** The copy engine's request/reply client to the brokerage and traces services (an RpcClient). */
export const COPY_ENGINE_RPC = Symbol('COPY_ENGINE_RPC');
