import type { LiveEventHandler } from '@/lib/live-events/live-event';
import { copyGuardsKeys } from './query-keys';

/** A guard kept a copy back, fired (its copies being sold) or stopped automatic copying: the guards' state. */
export const copyGuardsLiveEventHandler: LiveEventHandler = (message, { invalidate }) =>
  message.type === 'copy.skipped' || message.type === 'copy-guard.triggered' || message.type === 'auto-copy.paused'
    ? [invalidate(copyGuardsKeys.all)]
    : [];
