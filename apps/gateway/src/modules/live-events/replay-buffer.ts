import type { LiveEvent } from './live-event';

/**
 * The recent live events of this gateway, for clients that reconnect with `Last-Event-ID`: bounded by age and
 * count, oldest dropped first. `coveredAfter` is the stream sequence after which every followed event is held
 * (a resume from an older id cannot be served: the client must refetch).
 */
export class ReplayBuffer {
  private readonly events: LiveEvent[] = [];
  private head = 0;
  /** Where coverage starts (lowered once by the catch-up at boot). */
  private floor: number;
  /** The highest sequence dropped (by age or count): coverage never reaches below it again. */
  private dropped = 0;

  constructor(
    private readonly windowMs: number,
    private readonly maxEvents: number,
    coveredAfter: number,
    private readonly now: () => number = Date.now,
  ) {
    this.floor = coveredAfter;
  }

  get coveredAfter(): number {
    this.evictExpired();
    return Math.max(this.floor, this.dropped);
  }

  get size(): number {
    return this.events.length - this.head;
  }

  add(event: LiveEvent): void {
    this.events.push(event);
    while (this.size > this.maxEvents) this.dropOldest();
    this.evictExpired();
  }

  /** Lowers the coverage once the catch-up at boot has read every event of the window (never raises it). */
  extendCoverageDownTo(coveredAfter: number): void {
    this.floor = Math.min(this.floor, coveredAfter);
  }

  /** The held events after `seq`, oldest first; null when events after `seq` may be missing. */
  after(seq: number): LiveEvent[] | null {
    if (seq < this.coveredAfter) return null;
    const result: LiveEvent[] = [];
    for (let index = this.events.length - 1; index >= this.head; index -= 1) {
      const event = this.events[index]!;
      if (event.seq <= seq) break;
      result.push(event);
    }
    return result.reverse();
  }

  private evictExpired(): void {
    const oldestKept = this.now() - this.windowMs;
    while (this.size > 0 && this.events[this.head]!.storedAt < oldestKept) this.dropOldest();
  }

  private dropOldest(): void {
    const dropped = this.events[this.head]!;
    this.head += 1;
    this.dropped = Math.max(this.dropped, dropped.seq);
    // Compact now and then instead of shifting on every drop.
    if (this.head > 1_024 && this.head * 2 > this.events.length) {
      this.events.splice(0, this.head);
      this.head = 0;
    }
  }
}
