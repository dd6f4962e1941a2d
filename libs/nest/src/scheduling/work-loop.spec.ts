import { WorkLoop } from './work-loop';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pass that waits until released, counting how many run at once. */
function gatedPasses() {
  const gates: Array<() => void> = [];
  const state = { started: 0, running: 0, maxRunning: 0 };
  const pass = async () => {
    state.started += 1;
    state.running += 1;
    state.maxRunning = Math.max(state.maxRunning, state.running);
    await new Promise<void>((resolve) => gates.push(resolve));
    state.running -= 1;
    return state.started;
  };
  const release = () => gates.splice(0).forEach((open) => open());
  return { pass, release, state };
}

async function until(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(2);
  }
}

describe('WorkLoop', () => {
  const loops: Array<WorkLoop<unknown>> = [];
  const track = <T>(loop: WorkLoop<T>) => (loops.push(loop as WorkLoop<unknown>), loop);
  afterEach(async () => {
    await Promise.all(loops.splice(0).map((loop) => loop.stop()));
  });

  it('runs a pass on every tick of its timer', async () => {
    let passes = 0;
    const loop = track(new WorkLoop({ pass: async () => void passes++, intervalMs: 10, failed: () => undefined }));
    loop.start();
    await until(() => passes >= 3);
  });

  it('has no timer when intervalMs is 0: only kicks run passes', async () => {
    let passes = 0;
    const loop = track(new WorkLoop({ pass: async () => void passes++, intervalMs: 0, failed: () => undefined }));
    loop.start();
    await sleep(30);
    expect(passes).toBe(0);
    await loop.drain();
    expect(passes).toBe(1);
  });

  it('never runs two passes at once: ticks during a slow pass are skipped, kicks and runOnce join it', async () => {
    const { pass, release, state } = gatedPasses();
    const loop = track(new WorkLoop({ pass, intervalMs: 5, failed: () => undefined }));
    loop.start();
    await until(() => state.started === 1);
    await sleep(30); // several ticks while the pass waits
    const joined = loop.runOnce();
    expect(state.started).toBe(1);
    release();
    await expect(joined).resolves.toBe(1);
    loop.kick();
    loop.kick();
    await until(() => state.started >= 2);
    release();
    await loop.stop();
    expect(state.maxRunning).toBe(1);
  });

  it('runs a kick at once, and a kick during a pass once more right after it', async () => {
    const { pass, release, state } = gatedPasses();
    const loop = track(new WorkLoop({ pass, intervalMs: 60_000, failed: () => undefined }));
    loop.start();
    loop.kick();
    await until(() => state.started === 1);
    loop.kick();
    loop.kick();
    release();
    await until(() => state.started === 2);
    release();
    await sleep(30); // the two kicks during the first pass asked for one more, not two
    expect(state.started).toBe(2);
  });

  it('goes round again while a pass says more is waiting', async () => {
    const batches = [3, 2, 0, 5];
    const loop = track(
      new WorkLoop({ pass: async () => batches.shift()!, more: (n) => n > 0, intervalMs: 0, failed: () => undefined }),
    );
    await loop.drain();
    expect(batches).toEqual([5]);
  });

  it('reports a failed pass and carries on with the next one', async () => {
    const failures: unknown[] = [];
    let passes = 0;
    const loop = track(
      new WorkLoop({
        pass: async () => {
          passes += 1;
          if (passes === 1) throw new Error('database down');
        },
        intervalMs: 5,
        failed: (error) => failures.push(error),
      }),
    );
    loop.start();
    await until(() => passes >= 3);
    expect(failures).toEqual([new Error('database down')]);
  });

  it('answers a failed runOnce to its caller without reporting it', async () => {
    const failed = jest.fn();
    const loop = track(new WorkLoop({ pass: () => Promise.reject(new Error('no')), intervalMs: 0, failed }));
    await expect(loop.runOnce()).rejects.toThrow('no');
    expect(failed).not.toHaveBeenCalled();
  });

  it('stop() waits for the pass under way, then runs nothing more', async () => {
    const { pass, release, state } = gatedPasses();
    const loop = track(new WorkLoop({ pass, intervalMs: 5, failed: () => undefined }));
    loop.start();
    await until(() => state.started === 1);
    loop.kick(); // would run again after the pass, were it not stopped
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    expect(loop.stopping).toBe(true);
    await sleep(20);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(state.running).toBe(0);
    loop.kick();
    await sleep(30);
    expect(state.started).toBe(1);
  });
});
