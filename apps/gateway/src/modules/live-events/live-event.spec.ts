import { randomUUID } from 'node:crypto';
import { CopyOpened, TraceFollowerResultsComputed } from '@copytrade/contracts';
import { toLiveEvent } from './live-event';

/** The live push follows the whole events stream: an event it does not tell browsers of is passed over. */
describe('toLiveEvent', () => {
  it('passes over TraceFollowerResultsComputed (a trace’s figures, for traces, not a user’s event)', () => {
    const traceId = randomUUID();
    expect(
      toLiveEvent(
        TraceFollowerResultsComputed.subject,
        { data: { traceId, computedAt: new Date().toISOString(), windows: [], weekly: [] } },
        1,
        Date.now(),
      ),
    ).toBeNull();
  });

  it('still tells a follower of their copy opened', () => {
    const userId = randomUUID();
    const event = toLiveEvent(CopyOpened.subject, { data: { userId, copyId: randomUUID(), symbol: 'AAPL' } }, 7, 0);
    expect(event).toMatchObject({
      seq: 7,
      audience: { kind: 'users', userIds: [userId] },
      message: { type: 'copy.opened' },
    });
  });
});
