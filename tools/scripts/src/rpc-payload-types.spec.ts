import { join } from 'node:path';
import { untypedRpcPayloads, untypedRpcPayloadsIn } from './rpc-payload-types';

describe('RPC payload types', () => {
  it('every RPC payload the gateway sends has a request type from libs/contracts (no object, any, unknown, { … })', () => {
    expect(untypedRpcPayloads(join(__dirname, '..', '..', '..', 'apps', 'gateway', 'src'))).toEqual({});
  });

  it('finds loose payload types in RPC calls and payload parameters', () => {
    const source = [
      'class A {',
      '  a() { return this.rpc.request<object, Reply>(Rpc.a, {}, context); }',
      '  b() { return this.rpc.request<Record<string, unknown>, Reply>(Rpc.b, {}, context); }',
      '  c() { return this.rpc.request<{ id: string }, Reply>(Rpc.c, { id }, context); }',
      '  d() { return this.rpc.request(Rpc.d, { id }, context); }',
      '  e() { return this.proxy.send<Reply, any>(Rpc.e, {}); }',
      '  private f<T>(pattern: string, payload: UserScopedRpcRequest | object): Promise<T> { return g(); }',
      '}',
    ].join('\n');
    expect(untypedRpcPayloadsIn('a.ts', source).map((hit) => hit.split(':')[0])).toEqual([
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
  });

  it('accepts named request types, indexed map types and loose reply types', () => {
    const source = [
      'class A {',
      '  a() { return this.rpc.request<TraceIdRpcRequest, { deleted: true }>(Rpc.a, { traceId }, context); }',
      "  b() { return this.rpc.request<Calls[S]['request'], unknown>(pattern, payload, context); }",
      '  c() { return this.rpc.request<Record<string, never>, Reply>(Rpc.c, {}, context); }',
      '  d() { return this.proxy.send<unknown, RpcRequest<P>>(pattern, envelope); }',
      '  e() { response.send(body); this.send(seq, message); }',
      "  private f<S extends keyof Calls>(pattern: S, payload: Calls[S]['request']) { return g(); }",
      '}',
    ].join('\n');
    expect(untypedRpcPayloadsIn('a.ts', source)).toEqual([]);
  });
});
