import type { ColumnMap } from '@copytrade/nest';
import type { TradeEntity } from './trade.entity';

/** The fields of a traces.trades row that plain SQL reads (row-by-row work goes through TradeEntity). */
export type TradeRow = Pick<TradeEntity, 'id' | 'symbol' | 'optionsTicker'>;

/**
 * How each field of a TradeRow is read from traces.trades, the one list for the table's plain SQL (the id as text);
 * `$.` is the table's alias where a query names one. A statement reads the entries it needs (a subset).
 */
export const TRADE_COLUMNS: ColumnMap<TradeRow> = {
  id: '$.id::text',
  symbol: '$.symbol',
  optionsTicker: '$.options_ticker',
};
