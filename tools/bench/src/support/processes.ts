import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** The pid of a service this bench started: its child running `apps/<name>/dist/main.js` (Linux /proc). */
export function servicePid(name: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": the command may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`/apps/${name}/dist/main.js`)) return Number(entry);
    } catch {
      // The process ended meanwhile.
    }
  }
  throw new Error(`no ${name} process started by this bench`);
}

/** VmRSS and VmHWM (peak RSS) of a process, in MiB. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

export interface MemoryFigures {
  /** RSS when the measure started. */
  before: number;
  /** The highest RSS during the measure: VmHWM reset at its start, or the highest sample (every 5 ms). */
  peak: number;
  after: number;
}

/**
 * Peak RSS of some processes while `work` runs. The kernel's high-water mark (VmHWM) is reset first by writing 5
 * to /proc/<pid>/clear_refs (allowed for one's own processes), so it catches even a peak between two samples;
 * where that is refused, the 5 ms samples of VmRSS are the peak.
 */
export async function peakMemory<T>(
  pids: Record<string, number>,
  work: () => Promise<T>,
): Promise<[T, Record<string, MemoryFigures>]> {
  const names = Object.keys(pids);
  const reset = new Set<string>();
  const figures: Record<string, MemoryFigures> = {};
  for (const name of names) {
    try {
      writeFileSync(`/proc/${pids[name]}/clear_refs`, '5');
      reset.add(name);
    } catch {
      // Not allowed here: the samples alone.
    }
    const { rss } = memoryOf(pids[name]!);
    figures[name] = { before: rss, peak: rss, after: rss };
  }
  const sample = () => {
    for (const name of names) {
      try {
        figures[name]!.peak = Math.max(figures[name]!.peak, memoryOf(pids[name]!).rss);
      } catch {
        // The process is gone (the work fails on its own).
      }
    }
  };
  const timer = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    for (const name of names) {
      try {
        const { rss, hwm } = memoryOf(pids[name]!);
        figures[name]!.after = rss;
        if (reset.has(name)) figures[name]!.peak = Math.max(figures[name]!.peak, hwm);
      } catch {
        figures[name]!.after = NaN;
      }
    }
    return [result, figures];
  } finally {
    clearInterval(timer);
  }
}
