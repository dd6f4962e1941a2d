import { OutageLog } from './outage-log';

describe('OutageLog', () => {
  it('writes a key once per window, then the count of the reports it left out', () => {
    let now = 0;
    const lines: Array<[string, number]> = [];
    const log = new OutageLog(
      (key, suppressed) => lines.push([key, suppressed]),
      30_000,
      () => now,
    );
    for (let i = 0; i < 100; i += 1) log.report('rpc.copy-engine.copies.mine');
    log.report('rpc.traces.list');
    expect(lines).toEqual([
      ['rpc.copy-engine.copies.mine', 0],
      ['rpc.traces.list', 0],
    ]);
    now = 30_000;
    log.report('rpc.copy-engine.copies.mine');
    expect(lines.at(-1)).toEqual(['rpc.copy-engine.copies.mine', 99]);
  });
});
