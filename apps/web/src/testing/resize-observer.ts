import { vi } from 'vitest';

/**
 * jsdom has no ResizeObserver. With a `size`, every observed element reports that size at once (charts size
 * their drawing from it); without one, nothing is ever reported (Radix parts that only need the class to exist).
 * The setup's afterEach removes the stub.
 */
export function stubResizeObserver(size?: { width: number; height: number }): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        if (!size) return;
        this.callback(
          [{ target, contentRect: size } as unknown as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        );
      }
      unobserve() {}
      disconnect() {}
    },
  );
}
