import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReadCacheInvalidation } from './read-cache-invalidation.service';
import { OwnWritesGuard, ReadsOnly } from './own-writes.guard';

class Routes {
  write(): void {}
  @ReadsOnly()
  lookup(): void {}
}

type Handler = (guard: OwnWritesGuard, request: IncomingMessage, response: ServerResponse) => void;

/**
 * One real HTTP exchange: `handle` runs the guard on the request and answers it. Answers what the client received and
 * the users whose live reads were dropped before the answer's first byte left (recorded when the status line is
 * written, as the client can see it).
 */
async function exchange(method: string, handle: Handler) {
  const wrote: string[] = [];
  const droppedBeforeSending: string[][] = [];
  const cache = { userWrote: (userId: string) => wrote.push(userId) } as unknown as ReadCacheInvalidation;
  const guard = new OwnWritesGuard(cache, new Reflector());
  const server = createServer((request, response) => {
    const writeHead = response.writeHead.bind(response);
    // Wrapped first, so it runs after on-headers' own wrapper has fired the hook.
    response.writeHead = ((...args: Parameters<typeof response.writeHead>) => {
      const result = writeHead(...args);
      droppedBeforeSending.push([...wrote]);
      return result;
    }) as typeof response.writeHead;
    handle(guard, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const status = await new Promise<number>((resolve, reject) =>
    httpRequest({ host: '127.0.0.1', port, method }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    })
      .on('error', reject)
      .end(),
  );
  await new Promise((resolve) => server.close(resolve));
  return { status, wrote, droppedBeforeSending };
}

function contextOf(request: IncomingMessage, response: ServerResponse, handler: keyof Routes = 'write') {
  return {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
  } as unknown as ExecutionContext;
}

/** The guard runs, then the session guard sets the user (as when this guard runs first), then the route answers. */
const signedInRoute =
  (status: number, userId: string | undefined, handler: keyof Routes = 'write'): Handler =>
  (guard, request, response) => {
    expect(guard.canActivate(contextOf(request, response, handler))).toBe(true);
    (request as IncomingMessage & { user?: { id: string } }).user = userId ? { id: userId } : undefined;
    response.statusCode = status;
    response.end('{}');
  };

describe('OwnWritesGuard', () => {
  it("drops the writer's live reads before the answer goes out, on success and on failure", async () => {
    const answered = await exchange('POST', signedInRoute(200, 'u1'));
    expect(answered).toMatchObject({ status: 200, wrote: ['u1'], droppedBeforeSending: [['u1']] });
    const failed = await exchange('PUT', signedInRoute(502, 'u2'));
    expect(failed).toMatchObject({ status: 502, wrote: ['u2'], droppedBeforeSending: [['u2']] });
  });

  it('leaves reads, signed-out requests and read-only POST routes alone', async () => {
    for (const [method, userId, handler] of [
      ['GET', 'u1', 'write'],
      ['HEAD', 'u1', 'write'],
      ['POST', undefined, 'write'],
      ['POST', 'u1', 'lookup'],
    ] as const) {
      const { status, wrote } = await exchange(method, signedInRoute(200, userId, handler));
      expect(status).toBe(200);
      expect(wrote).toEqual([]);
    }
  });
});
