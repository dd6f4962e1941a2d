/** The owner-sell module's request/reply client to the brokerage service (an RpcClient). */
export const OWNER_SELL_BROKERAGE = Symbol('OWNER_SELL_BROKERAGE');
