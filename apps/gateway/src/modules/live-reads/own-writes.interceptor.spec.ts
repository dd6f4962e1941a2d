import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { firstValueFrom, map, of, throwError } from 'rxjs';
import type { LiveReadsCache } from './live-reads-cache.service';
import { OwnWritesInterceptor, ReadsOnly } from './own-writes.interceptor';

class Routes {
  write(): void {}
  @ReadsOnly()
  lookup(): void {}
}

function harness() {
  const wrote: string[] = [];
  const cache = { userWrote: (userId: string) => wrote.push(userId) } as unknown as LiveReadsCache;
  const interceptor = new OwnWritesInterceptor(cache, new Reflector());
  const context = (method: string, user: { id: string } | undefined, handler: keyof Routes = 'write') =>
    ({
      getType: () => 'http',
      switchToHttp: () => ({ getRequest: () => ({ method, user }) }),
      getHandler: () => Routes.prototype[handler],
      getClass: () => Routes,
    }) as unknown as ExecutionContext;
  return { wrote, interceptor, context };
}

describe('OwnWritesInterceptor', () => {
  it("drops the writer's live reads before the answer goes out, on success and on failure", async () => {
    const { wrote, interceptor, context } = harness();
    // What Nest writes the response from (the subscriber) sees the drop done already.
    const droppedWhenAnswered = await firstValueFrom(
      interceptor.intercept(context('POST', { id: 'u1' }), { handle: () => of('ok') }).pipe(map(() => [...wrote])),
    );
    expect(droppedWhenAnswered).toEqual(['u1']);
    const failing: CallHandler = { handle: () => throwError(() => new Error('brokerage down')) };
    await expect(firstValueFrom(interceptor.intercept(context('PUT', { id: 'u2' }), failing))).rejects.toThrow();
    expect(wrote).toEqual(['u1', 'u2']);
  });

  it('leaves reads, signed-out requests and read-only POST routes alone', async () => {
    const { wrote, interceptor, context } = harness();
    const answer: CallHandler = { handle: () => of('ok') };
    await firstValueFrom(interceptor.intercept(context('GET', { id: 'u1' }), answer));
    await firstValueFrom(interceptor.intercept(context('POST', undefined), answer));
    await firstValueFrom(interceptor.intercept(context('POST', { id: 'u1' }, 'lookup'), answer));
    expect(wrote).toEqual([]);
  });
});
