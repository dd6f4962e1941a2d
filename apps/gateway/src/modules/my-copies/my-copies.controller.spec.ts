import type { CopyInstanceStatus, CopyInstanceView, MyCopiesResponse } from '@copytrade/contracts';
import { myCopiesContents } from './my-copies.controller';

const page = (...statuses: CopyInstanceStatus[]): MyCopiesResponse => ({
  success: true,
  copyInstances: statuses.map((status, index) => ({ id: `c${index}`, status }) as CopyInstanceView),
  pagination: { limit: 100, offset: 0, total: statuses.length, hasMore: false },
});

describe('myCopiesContents', () => {
  it('a page showing a pending or an open copy ages by the clock (a fill not pushed, the latest price)', () => {
    expect(myCopiesContents(page('pending')).timeSensitive).toBe(true);
    expect(myCopiesContents(page('closed', 'open')).timeSensitive).toBe(true);
    expect(myCopiesContents(page('failed', 'pending', 'closed')).timeSensitive).toBe(true);
  });

  it('a page of closed and failed copies only, or of none, does not (what changes it is dropped or shows later)', () => {
    expect(myCopiesContents(page()).timeSensitive).toBe(false);
    expect(myCopiesContents(page('closed', 'failed')).timeSensitive).toBe(false);
  });

  it('names no trades (no other user’s copy changes a my-copies page)', () => {
    expect([...myCopiesContents(page('open')).tradeIds]).toEqual([]);
  });
});
