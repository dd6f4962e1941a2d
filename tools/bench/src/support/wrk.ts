import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

/** wrk's duration with its unit (`850.00us`, `1.23ms`, `2.01s`) in milliseconds. */
function milliseconds(value: string, unit: string): number {
  const factor = unit === 'us' ? 0.001 : unit === 'ms' ? 1 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : NaN;
  return Number(value) * factor;
}

/**
 * A closed-loop load of `connections` clients on one URL for `seconds`, by wrk (Debian's `wrk` package: C, one
 * thread), whose own CPU use is a fraction of autocannon's — on a 2-core machine the load generator otherwise takes
 * the core the server needs and its scheduling shows up in the server's tail latency.
 */
export async function wrkLoad(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  /** Each request takes the next of these cookies in turn (many users' sessions), through a wrk Lua script. */
  cookies: string[] = [],
): Promise<LoadFigures> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  if (cookies.length > 0) {
    const script = join(mkdtempSync(join(tmpdir(), 'wrk-')), 'cookies.lua');
    writeFileSync(
      script,
      `local cookies = {${cookies.map((cookie) => JSON.stringify(cookie)).join(',')}}\nlocal next = 0\n` +
        `request = function()\n  next = next % #cookies + 1\n` +
        `  return wrk.format(nil, nil, { cookie = cookies[next] })\nend\n`,
    );
    args.push('-s', script);
  }
  const { stdout } = await run('wrk', [...args, url], { maxBuffer: 1 << 20 });
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(stdout);
    if (!match) throw new Error(`wrk printed no ${p}% latency:\n${stdout}`);
    return Math.round(milliseconds(match[1]!, match[2]!) * 10) / 10;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0),
    p50: percentile(50),
    p99: percentile(99),
    failures:
      Number(non2xx?.[1] ?? 0) + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}
