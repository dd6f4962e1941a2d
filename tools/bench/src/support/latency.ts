/** Latency figures of a series of samples (milliseconds), nearest-rank percentiles. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function summary(label: string, samples: number[]): string {
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`.padStart(10);
  return `${label.padEnd(34)} n=${String(samples.length).padEnd(5)} p50 ${fmt(percentile(samples, 50))}  p99 ${fmt(percentile(samples, 99))}  max ${fmt(Math.max(...samples))}`;
}

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const startedAt = performance.now();
  const result = await work();
  return [result, performance.now() - startedAt];
}
