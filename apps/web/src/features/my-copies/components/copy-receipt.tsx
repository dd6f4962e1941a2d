import type { CopyInstanceView } from '@copytrade/contracts';
import { cn } from '@/lib/cn';
import {
  formatCurrency,
  formatDateTime,
  formatDelay,
  formatSignedCurrency,
  placementOf,
  slippageText,
} from '../utils/format';

/**
 * The copy's receipt: how it was placed, the trader's price and time beside the follower's fill price and
 * time, the delay between them and the slippage — signed, in dollars and percent, better or worse than the trader.
 */
export function CopyReceipt({ copy }: { copy: CopyInstanceView }) {
  const { receipt } = copy;
  const slippage = slippageText(receipt);
  const verdict = receipt.versusTrader;
  return (
    <dl className="copy-receipt" aria-label={`Receipt of the ${copy.originalTrade.symbol} copy`}>
      <div>
        <dt>Placed</dt>
        <dd>{placementOf(copy)}</dd>
      </div>
      <div>
        <dt>Trader</dt>
        <dd className="tabular">
          <span>{formatCurrency(receipt.traderPrice)}</span>
          <span className="copy-receipt__time">{formatDateTime(receipt.traderSharedAt)}</span>
        </dd>
      </div>
      <div>
        <dt>Your fill</dt>
        <dd className="tabular">
          {receipt.fillPrice === null ? (
            'Not filled'
          ) : (
            <>
              <span>{formatCurrency(receipt.fillPrice)}</span>
              <span className="copy-receipt__time">{formatDateTime(receipt.filledAt)}</span>
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Delay</dt>
        <dd className="tabular">{formatDelay(receipt.delaySeconds)}</dd>
      </div>
      <div className="copy-receipt__slippage">
        <dt>Slippage</dt>
        <dd className={cn('tabular', verdict === 'better' && 'gain', verdict === 'worse' && 'loss')}>
          {slippage ?? '—'}
          {slippage && verdict !== 'same' && receipt.slippageAmount !== null ? (
            <span className="copy-receipt__total"> ({formatSignedCurrency(receipt.slippageAmount)} in total)</span>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}
