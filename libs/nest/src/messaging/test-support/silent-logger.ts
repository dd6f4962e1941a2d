import type { MessagingLogger } from '../messaging-logger';

/** Keeps test output readable while letting a test assert on what was logged. */
export class SilentLogger implements MessagingLogger {
  readonly lines: string[] = [];
  log(message: string): void {
    this.lines.push(`log: ${message}`);
  }
  warn(message: string): void {
    this.lines.push(`warn: ${message}`);
  }
  error(message: string): void {
    this.lines.push(`error: ${message}`);
  }
}
