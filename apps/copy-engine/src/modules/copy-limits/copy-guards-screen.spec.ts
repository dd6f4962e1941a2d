import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import { usTradingDayOf } from '@copytrade/nest';
import { defaultFollowerGuards, defaultTraceGuards } from '../copy-guards/copy-guards.store';
import { automaticCopyBlock, type CopyGuards } from './copy-guards-screen';

const guards = (follower: Partial<CopyGuards['follower']> = {}, trace: Partial<CopyGuards['trace']> = {}) => ({
  follower: { ...defaultFollowerGuards('u'), ...follower },
  trace: { ...defaultTraceGuards('u', 't'), ...trace },
});
const now = new Date('2026-11-27T15:00:00Z');
const sharedAt = new Date(now.getTime() - 10 * 60_000);

it('no-guard-set: nothing blocks an automatic copy', () => {
  expect(automaticCopyBlock(guards(), sharedAt, now)).toBeNull();
});

it('the stop switch, then the trace’s pause, block it with their reasons', () => {
  expect(automaticCopyBlock(guards({ autoCopyStopped: true }, { autoCopyPaused: true }), sharedAt, now)).toEqual({
    code: CopyTradeErrorCode.SKIPPED_STOPPED,
    reason: CopyTradeMessages.autoCopyStopped,
  });
  expect(automaticCopyBlock(guards({}, { autoCopyPaused: true }), sharedAt, now)?.code).toBe(
    CopyTradeErrorCode.SKIPPED_PAUSED,
  );
});

it('the daily loss limit blocks for the day it was reached only: the next day copying resumes by itself', () => {
  const today = guards({ dailyLossLimit: '150.00', dailyLossStoppedOn: usTradingDayOf(now) });
  expect(automaticCopyBlock(today, sharedAt, now)).toEqual({
    code: CopyTradeErrorCode.SKIPPED_DAILY_LOSS,
    reason: CopyTradeMessages.dailyLossReached(150),
  });
  const yesterday = guards({ dailyLossLimit: '150.00', dailyLossStoppedOn: '2026-11-26' });
  expect(automaticCopyBlock(yesterday, sharedAt, now)).toBeNull();
});

it('the maximum age: a share as old as the limit or older is skipped, a younger one is not', () => {
  expect(automaticCopyBlock(guards({ maxShareAgeMinutes: 10 }), sharedAt, now)).toEqual({
    code: CopyTradeErrorCode.SKIPPED_SHARE_TOO_OLD,
    reason: CopyTradeMessages.shareTooOld(10, 10),
  });
  expect(automaticCopyBlock(guards({ maxShareAgeMinutes: 11 }), sharedAt, now)).toBeNull();
});
