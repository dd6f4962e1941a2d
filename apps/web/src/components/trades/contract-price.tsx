import type { TradeView } from '@copytrade/contracts';
import { displayPrice, formatMoney } from '@/lib/format/trade';

/** A price as a trade shows it: options prices are stored in hundredths and shown per contract (÷ 100). */
export function ContractPrice({
  trade,
  stored,
  unitClassName,
}: {
  trade: Pick<TradeView, 'isOptions'>;
  stored: number;
  unitClassName: string;
}) {
  return (
    <>
      {formatMoney(displayPrice(trade, stored))}
      {trade.isOptions ? <span className={unitClassName}>/contract</span> : null}
    </>
  );
}
