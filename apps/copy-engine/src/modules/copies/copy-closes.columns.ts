import type { ColumnMap } from '@copytrade/nest';
import type { CloseReason } from './copy-closed-by';

/**
 * One copy to sell at market, keyed by the decision (`eventId`) and the copy; `attempt` keys its sell now. Rows of
 * copy_engine.auto_copy_closes: the closer (auto-copy) claims them, and a fill (copies) starts those recorded while
 * the copy was still pending — so the row's shape lives here, below both.
 */
export interface AutoCopyClose {
  eventId: string;
  copyId: string;
  userId: string;
  reason: CloseReason;
  attempt: number;
}

/** How each field of an AutoCopyClose is read from auto_copy_closes. */
export const AUTO_COPY_CLOSE_COLUMNS: ColumnMap<AutoCopyClose> = {
  eventId: 'event_id',
  copyId: 'copy_id',
  userId: 'user_id',
  reason: 'reason',
  attempt: 'attempt',
};

/** Where a close stands (PENDING, DONE, GAVE_UP) and what became of it (null while pending). */
export interface AutoCopyCloseState {
  status: string;
  outcome: string | null;
}

/** How each field of an AutoCopyCloseState is read from auto_copy_closes (the same table's list, beside its row's). */
export const AUTO_COPY_CLOSE_STATE_COLUMNS: ColumnMap<AutoCopyCloseState> = {
  status: 'status',
  outcome: 'outcome',
};
