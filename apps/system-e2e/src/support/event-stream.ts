import { request as httpRequest } from 'node:http';

/** One event of GET /api/events: its id (the stream's sequence), type and data. */
export interface ReceivedEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** An open live push: the HTTP status, what arrived so far, and how to end it. */
export interface EventStream {
  status: number;
  events: ReceivedEvent[];
  close(): void;
}

/**
 * A minimal EventSource on GET /api/events with the user's session cookie (null: signed out). Streams opened here
 * are collected in `opened` so a suite's afterAll can close them all.
 */
export function listen(baseUrl: string, cookie: string | null, opened: EventStream[] = []): Promise<EventStream> {
  const url = new URL('/api/events', baseUrl);
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, headers: cookie ? { cookie } : {} },
      (response) => {
        const stream: EventStream = { status: response.statusCode ?? 0, events: [], close: () => call.destroy() };
        opened.push(stream);
        let pending = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id && data) stream.events.push({ id, ...(JSON.parse(data) as { type: string; data: never }) });
          }
        });
        response.on('error', () => undefined);
        resolve(stream);
      },
    );
    call.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
    call.end();
  });
}
