import { describe, expect, it } from 'vitest';
import {
  formatDelay,
  formatResultReturn,
  formatResultShare,
  formatSlippage,
  NOT_ENOUGH_COPIES,
  returnTone,
  slippageTone,
} from './follower-results';

// The unit follows a no-break space; negatives take the minus sign.
const text = (value: string) => value.replace(/\u00a0/g, ' ');

describe('follower results formats', () => {
  it('signs-returns-with-one-decimal-and-no-sign-at-zero', () => {
    expect(text(formatResultReturn(4.2))).toBe('+4.2 %');
    expect(text(formatResultReturn(-3.14))).toBe('−3.1 %');
    expect(text(formatResultReturn(0.04))).toBe('0.0 %');
    expect(text(formatResultReturn(-0.04))).toBe('0.0 %');
    expect(formatResultReturn(null)).toBe(NOT_ENOUGH_COPIES);
    expect(formatResultReturn(Number.NaN)).toBe(NOT_ENOUGH_COPIES);
  });

  it('signs-slippage-with-two-decimals', () => {
    expect(text(formatSlippage(0.12))).toBe('+0.12 %');
    expect(text(formatSlippage(-0.05))).toBe('−0.05 %');
    expect(text(formatSlippage(0))).toBe('0.00 %');
    expect(formatSlippage(null)).toBe(NOT_ENOUGH_COPIES);
  });

  it('writes-shares-with-at-most-one-decimal', () => {
    expect(text(formatResultShare(96))).toBe('96 %');
    expect(text(formatResultShare(87.54))).toBe('87.5 %');
    expect(formatResultShare(null)).toBe(NOT_ENOUGH_COPIES);
  });

  it('writes-delays-in-human-units', () => {
    expect(text(formatDelay(850))).toBe('850 ms');
    expect(text(formatDelay(1_234))).toBe('1.2 s');
    expect(text(formatDelay(42_000))).toBe('42 s');
    expect(text(formatDelay(59_700))).toBe('1 min');
    expect(text(formatDelay(180_000))).toBe('3 min');
    expect(text(formatDelay(90_000))).toBe('1.5 min');
    expect(text(formatDelay(5_400_000))).toBe('1.5 h');
    expect(text(formatDelay(2 * 86_400_000))).toBe('2 d');
    expect(formatDelay(null)).toBe(NOT_ENOUGH_COPIES);
  });

  it('colours-returns-by-sign-and-slippage-the-other-way-round', () => {
    expect(returnTone(4.2)).toBe('gain');
    expect(returnTone(-1)).toBe('loss');
    expect(returnTone(0.01)).toBeUndefined();
    expect(returnTone(null)).toBeUndefined();
    expect(slippageTone(0.12)).toBe('loss');
    expect(slippageTone(-0.05)).toBe('gain');
    expect(slippageTone(0.001)).toBeUndefined();
  });
});
