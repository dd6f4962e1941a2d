/**
 * The few logging calls the messaging classes make. Nest's `Logger` satisfies it, and so does a test's
 * silent stub, which keeps the relay and consumer usable outside a Nest application (child processes, scripts).
 */
export interface MessagingLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string, stack?: string): void;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function errorStack(error: unknown): string | undefined {
  return error instanceof Error ? error.stack : undefined;
}
