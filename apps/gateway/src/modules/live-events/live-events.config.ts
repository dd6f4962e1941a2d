import { IsInt, Max, Min } from 'class-validator';

/**
 * The live push's settings (environment, read once at boot by loadConfig). Defaults suit production; the tests
 * shorten the heartbeat and the window.
 */
export class LiveEventsConfig {
  /** A comment line this often keeps proxies and the browser from timing the stream out. */
  @IsInt()
  @Min(100)
  @Max(60_000)
  LIVE_EVENTS_HEARTBEAT_MS: number = 15_000;

  /** Open streams per user on one gateway (browser tabs); one more is answered 429. */
  @IsInt()
  @Min(1)
  @Max(100)
  LIVE_EVENTS_MAX_CONNECTIONS_PER_USER: number = 5;

  /** How far back a reconnecting client (Last-Event-ID) is replayed; older → `resync` (refetch). */
  @IsInt()
  @Min(1)
  @Max(3_600)
  LIVE_EVENTS_REPLAY_WINDOW_SECONDS: number = 300;

  /** At most this many recent events are kept for replay (the window is also bounded by count). */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  LIVE_EVENTS_REPLAY_MAX_EVENTS: number = 20_000;

  /** An open stream's session is checked again this often (an expired or revoked session ends the stream). */
  @IsInt()
  @Min(1)
  @Max(3_600)
  LIVE_EVENTS_SESSION_RECHECK_SECONDS: number = 60;
}
