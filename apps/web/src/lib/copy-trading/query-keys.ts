/**
 * Query keys of the copy-trading screens the live push refreshes (Trading Terminal, My Copy Trades, the copy
 * dialogs). They are prefixes: the screens put their own parameters after them, so one invalidation here reaches
 * every variant. Screens use these instead of spelling the keys again.
 */
export const copyTradingKeys = {
  /** Copies of the signed-in user (lists, one copy, performance). */
  copyTrades: ['copy-trades'] as const,
  /** The Trading Terminal's live positions (shared open trades of the traces followed). */
  livePositions: ['live-positions'] as const,
  /** My Copy Trades (its list, summary and activity). */
  myCopies: ['my-copies'] as const,
};
