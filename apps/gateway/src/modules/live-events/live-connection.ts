import type { Response } from 'express';
import type { LiveMessage } from './live-event';

/** Bytes a client may leave unread before its stream is ended (it reconnects and resumes from its last id). */
export const MAX_UNREAD_BYTES = 1024 * 1024;

/**
 * One open `/api/events` stream. Events reach it in stream order; one at or below `lastSeq` (already sent, or
 * older than where the client resumed) is never sent again. While its replay runs, live events wait in order.
 */
export class LiveConnection {
  private replaying = true;
  private readonly waiting: Array<{ seq: number; message: LiveMessage }> = [];
  private closed = false;
  private readonly closeHandlers: Array<() => void> = [];

  constructor(
    readonly id: number,
    readonly userId: string,
    readonly tokenHash: string,
    /** Kept (in memory only) to check the session again while the stream is open. */
    readonly sessionToken: string,
    private readonly response: Response,
    public lastSeq: number,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  onClose(handler: () => void): void {
    this.closeHandlers.push(handler);
  }

  /** A live event: sent now, or after the replay when one runs. */
  deliver(seq: number, message: LiveMessage): void {
    if (this.closed) return;
    if (this.replaying) this.waiting.push({ seq, message });
    else this.send(seq, message);
  }

  /** A replayed event (the replay sends in stream order, before the live ones that waited). */
  replay(seq: number, message: LiveMessage): void {
    this.send(seq, message);
  }

  /**
   * A hint outside the stream's order (no `id:` line): the browser keeps the last id it received, so a resume by
   * Last-Event-ID is unaffected; sent at once, even while a replay runs.
   */
  notify(message: LiveMessage): void {
    this.write(`data: ${JSON.stringify(message)}\n\n`);
  }

  /** Tells the client to refetch: what it missed is not held any more. Its id is where it resumes next time. */
  resync(seq: number, reason: string): void {
    this.lastSeq = Math.max(this.lastSeq, seq);
    this.write(`id: ${this.lastSeq}\ndata: ${JSON.stringify({ type: 'resync', data: { reason } })}\n\n`);
  }

  /** The replay is over: the live events that waited go out, in order, those already replayed skipped. */
  endReplay(): void {
    this.replaying = false;
    for (const { seq, message } of this.waiting.splice(0)) this.send(seq, message);
  }

  heartbeat(): void {
    this.write(`: heartbeat ${Date.now()}\n\n`);
  }

  /** The stream's first bytes: the reconnection delay the browser should use, and a comment. */
  open(retryMs: number): void {
    this.write(`retry: ${retryMs}\n: connected\n\n`);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.waiting.length = 0;
    if (!this.response.writableEnded) this.response.end();
    for (const handler of this.closeHandlers.splice(0)) handler();
  }

  private send(seq: number, message: LiveMessage): void {
    if (seq <= this.lastSeq) return;
    this.lastSeq = seq;
    this.write(`id: ${seq}\ndata: ${JSON.stringify(message)}\n\n`);
  }

  private write(chunk: string): void {
    if (this.closed || this.response.writableEnded) return;
    // A client that stopped reading is let go rather than buffered without bound; it resumes from its last id.
    if (this.response.writableLength > MAX_UNREAD_BYTES) {
      this.response.destroy();
      this.close();
      return;
    }
    this.response.write(chunk);
  }
}
