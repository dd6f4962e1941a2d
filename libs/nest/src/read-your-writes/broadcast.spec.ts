import type { NatsConnection } from '@nats-io/transport-node';
import { onNatsReconnect, publishBeforeReply, settleInboundMessages } from './broadcast';

describe('broadcast helpers', () => {
  it('publishBeforeReply resolves only after the flush that follows the publish', async () => {
    const calls: string[] = [];
    let flushed!: () => void;
    const nc = {
      publish: (subject: string, data: string) => calls.push(`publish ${subject} ${data}`),
      flush: () => new Promise<void>((resolve) => (flushed = () => (calls.push('flushed'), resolve()))),
    } as unknown as NatsConnection;
    let done = false;
    const publishing = publishBeforeReply(nc, 'broadcast.x', { userId: 'u1' }).then(() => (done = true));
    await settleInboundMessages();
    expect(done).toBe(false);
    flushed();
    await publishing;
    expect(calls).toEqual(['publish broadcast.x {"userId":"u1"}', 'flushed']);
  });

  it('onNatsReconnect runs after each reconnection, not on other status changes', async () => {
    const statuses = [{ type: 'disconnect' }, { type: 'reconnecting' }, { type: 'reconnect' }, { type: 'reconnect' }];
    const nc = {
      status: async function* () {
        yield* statuses;
      },
    } as unknown as NatsConnection;
    const onReconnect = jest.fn();
    onNatsReconnect(nc, onReconnect);
    await settleInboundMessages();
    expect(onReconnect).toHaveBeenCalledTimes(2);
  });
});
