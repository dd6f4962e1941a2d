import { LivePositionsMessages, type LivePositionView, type LivePositionsResponse } from '@copytrade/contracts';
import { liveFeedContents } from './trading-terminal.controller';

const position = (id: string, priceSource: LivePositionView['priceSource']) =>
  ({ id, priceSource }) as LivePositionView;
const feed = (positions: LivePositionView[], apiWarnings: string[] = []): LivePositionsResponse => ({
  success: true,
  positions,
  error: apiWarnings.length > 0 ? LivePositionsMessages.pricesUnavailable : null,
  apiWarnings,
});

describe('liveFeedContents', () => {
  it('names the trades the feed shows', () => {
    expect([...liveFeedContents(feed([position('t1', 'quote'), position('t2', 'trace')])).tradeIds]).toEqual([
      't1',
      't2',
    ]);
  });

  it('a live quote, or a quote that failed, ages by the clock', () => {
    expect(liveFeedContents(feed([position('t1', 'quote')])).timeSensitive).toBe(true);
    const failed = feed([position('t1', 'trace')], [LivePositionsMessages.quoteFailed(['AAPL'])]);
    expect(liveFeedContents(failed).timeSensitive).toBe(true);
    const optionsOnly = feed([position('t1', 'trace')], [LivePositionsMessages.optionsNotQuoted(['SPY'])]);
    expect(liveFeedContents(optionsOnly).timeSensitive).toBe(true);
  });

  it('a feed unquoted for want of a brokerage, or empty, does not', () => {
    const noBrokerage = feed([position('t1', 'trace')], [LivePositionsMessages.noBrokerage]);
    expect(liveFeedContents(noBrokerage).timeSensitive).toBe(false);
    expect(liveFeedContents(feed([])).timeSensitive).toBe(false);
  });
});
