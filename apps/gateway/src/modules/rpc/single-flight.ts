/**
 * Concurrent loads of one key share one call, but only loads started in the same epoch: a load that began before an
 * invalidation (the caller bumps its epoch) may have read the old state, so nobody who comes after joins it.
 * When a cached entry expires under load, its readers wait for one call instead of each making their own.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, { epoch: number; promise: Promise<T> }>();

  run(key: string, epoch: number, load: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current && current.epoch === epoch) return current.promise;
    const promise = load().finally(() => {
      if (this.running.get(key)?.promise === promise) this.running.delete(key);
    });
    this.running.set(key, { epoch, promise });
    return promise;
  }
}
