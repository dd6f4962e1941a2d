import type { LiveEventHandler } from '@/lib/live-events/live-event';
import { copyTradingKeys } from './query-keys';

const COPY_SCREENS = [copyTradingKeys.copyTrades, copyTradingKeys.myCopies, copyTradingKeys.livePositions];

/**
 * The copy screens (Trading Terminal, My Copy Trades, the copy dialogs): a shared trade reaches the live positions;
 * a closed one may also close automatic copies; fills, copies and guard actions touch all of them.
 */
export const copyTradingLiveEventHandler: LiveEventHandler = (message, { invalidate }) => {
  switch (message.type) {
    case 'trade.shared':
      return [invalidate(copyTradingKeys.livePositions)];
    case 'trade.closed':
      return [
        invalidate(copyTradingKeys.livePositions),
        invalidate(copyTradingKeys.myCopies),
        invalidate(copyTradingKeys.copyTrades),
      ];
    case 'order.filled':
    case 'copy.opened':
    case 'copy.closed':
    case 'copy.skipped':
    case 'copy.failed':
    case 'copy-guard.triggered':
    case 'auto-copy.paused':
      return COPY_SCREENS.map(invalidate);
    default:
      return [];
  }
};
