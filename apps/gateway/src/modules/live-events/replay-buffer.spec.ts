import type { LiveEvent } from './live-event';
import { ReplayBuffer } from './replay-buffer';

const event = (seq: number, storedAt = 0): LiveEvent => ({
  seq,
  storedAt,
  audience: { kind: 'users', userIds: [] },
  message: { type: 'order.filled', data: {} },
});
const seqs = (events: LiveEvent[] | null) => events?.map((held) => held.seq) ?? null;

describe('ReplayBuffer', () => {
  it('replays what came after an id it covers; refuses one from before its coverage', () => {
    let now = 1_000;
    const buffer = new ReplayBuffer(60_000, 10, 10, () => now);
    for (const seq of [11, 13, 20]) buffer.add(event(seq, now));
    expect(seqs(buffer.after(10))).toEqual([11, 13, 20]);
    expect(seqs(buffer.after(13))).toEqual([20]);
    expect(seqs(buffer.after(25))).toEqual([]);
    expect(buffer.after(9)).toBeNull();
    now += 1;
  });

  it('drops the oldest past its count, and no longer covers what it dropped', () => {
    const buffer = new ReplayBuffer(60_000, 3, 0, () => 0);
    for (const seq of [1, 2, 3, 4, 5]) buffer.add(event(seq));
    expect(buffer.size).toBe(3);
    expect(buffer.coveredAfter).toBe(2);
    expect(buffer.after(1)).toBeNull();
    expect(seqs(buffer.after(2))).toEqual([3, 4, 5]);
  });

  it('drops events older than its window', () => {
    let now = 0;
    const buffer = new ReplayBuffer(1_000, 100, 0, () => now);
    buffer.add(event(1, 0));
    buffer.add(event(2, 500));
    now = 1_200;
    expect(buffer.coveredAfter).toBe(1);
    expect(seqs(buffer.after(1))).toEqual([2]);
  });

  it('the catch-up at boot lowers its coverage, never below what was dropped meanwhile', () => {
    const buffer = new ReplayBuffer(60_000, 2, 50, () => 0);
    buffer.add(event(40));
    expect(buffer.after(39)).toBeNull(); // before the catch-up is done
    buffer.extendCoverageDownTo(39);
    expect(seqs(buffer.after(39))).toEqual([40]);
    buffer.add(event(45));
    buffer.add(event(51));
    expect(buffer.coveredAfter).toBe(40);
  });
});
