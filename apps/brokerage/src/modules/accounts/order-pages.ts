import type { ProviderOrder } from '../provider/provider.types';

/**
 * Paging of an account's order list (listOrders), newest first: by time placed, then by order id, both
 * descending; an order without a time placed comes last. A page ends at its last order, and the next page starts
 * after that order's key — so an order placed meanwhile (newer than every page already read) never shifts a page
 * by one, the way an offset would.
 */
export interface OrderKey {
  timePlaced: string | null;
  brokerageOrderId: string;
}

const timeOf = (timePlaced: string | null): number => {
  const ms = timePlaced === null ? NaN : Date.parse(timePlaced);
  return Number.isNaN(ms) ? -Infinity : ms;
};

/** Negative when `a` comes before `b` (newer, or as new with the greater id). */
export function compareNewestFirst(a: OrderKey, b: OrderKey): number {
  const byTime = timeOf(b.timePlaced) - timeOf(a.timePlaced);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.brokerageOrderId < b.brokerageOrderId ? 1 : a.brokerageOrderId > b.brokerageOrderId ? -1 : 0;
}

/** The cursor of the page after `order` (opaque to callers: base64url of its key). */
export function orderCursorAfter(order: OrderKey): string {
  return Buffer.from(JSON.stringify([order.timePlaced, order.brokerageOrderId])).toString('base64url');
}

/** The key a cursor names, or null when it is not one of ours. */
export function orderKeyOf(cursor: string): OrderKey | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [timePlaced, brokerageOrderId] = parsed as unknown[];
    if ((timePlaced !== null && typeof timePlaced !== 'string') || typeof brokerageOrderId !== 'string') return null;
    if (!brokerageOrderId || brokerageOrderId.length > 200) return null;
    return { timePlaced, brokerageOrderId };
  } catch {
    return null;
  }
}

/** Up to `limit` orders of a list sorted newest first, after `after` (from the start without it). */
export function pageAfter(sorted: ProviderOrder[], after: OrderKey | null, limit: number): ProviderOrder[] {
  let start = 0;
  if (after) {
    // The first order that sorts after the key (binary search: the list is sorted by the same order).
    let [low, high] = [0, sorted.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareNewestFirst(sorted[middle]!, after) <= 0) low = middle + 1;
      else high = middle;
    }
    start = low;
  }
  return sorted.slice(start, start + limit);
}

/**
 * The whole order list of an account as the provider last answered it, kept briefly for the pages after the first
 * (SnapTrade answers the whole list at once: without this each page would cost a provider call). Only a list
 * longer than its first page is kept. The first page always asks the provider; a later page asks again when the
 * list is gone or older than `ttlMs` (another replica answered the first page, or a slow reader), and carries on
 * after its cursor's key in the new list.
 */
export class OrderListCache {
  private readonly lists = new Map<string, { orders: ProviderOrder[]; storedAt: number }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxLists = 100,
  ) {}

  get(key: string, now = Date.now()): ProviderOrder[] | undefined {
    const entry = this.lists.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt > this.ttlMs) {
      this.lists.delete(key);
      return undefined;
    }
    return entry.orders;
  }

  /** Keeps a list (sorted newest first); the oldest list goes when there are too many. */
  set(key: string, sorted: ProviderOrder[], now = Date.now()): void {
    this.lists.delete(key);
    this.lists.set(key, { orders: sorted, storedAt: now });
    while (this.lists.size > this.maxLists) this.lists.delete(this.lists.keys().next().value!);
  }
}
