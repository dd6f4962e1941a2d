import { Controller, type INestApplication, Module } from '@nestjs/common';
import { ClientProxyFactory, MessagePattern, Payload, type ClientProxy } from '@nestjs/microservices';
import { LoginDto, LoginRpcCall, type LoginRpcRequest } from '@copytrade/contracts';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstValueFrom } from 'rxjs';
import { HealthModule } from '../health/health.module';
import { structuredLoggerModule } from '../observability/logger.module';
import { serveMetrics } from '../observability/metrics-server';
import { RpcClient } from '../rpc/rpc-client';
import { natsRpcClientOptions } from '../rpc/nats-transport.options';
import { createServiceApp } from './bootstrap-service';

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const service = `svc-test-${randomUUID().slice(0, 8)}`;
const loginPattern = `rpc.${service}.sessions.create`;
const hugePattern = `rpc.${service}.huge.get`;

@Controller()
class EchoController {
  /** Answers what the handler received, so the test sees what validation let through. */
  @MessagePattern(loginPattern)
  login(@Payload() call: LoginRpcCall) {
    return { payload: call.payload, isDto: call.payload instanceof LoginDto, requestId: call.requestId };
  }

  /** A reply over NATS's 1 MiB message limit (a list a handler forgot to page). */
  @MessagePattern(hugePattern)
  huge() {
    return { blob: 'x'.repeat(2 * 1024 * 1024) };
  }
}

@Module({
  imports: [structuredLoggerModule(service, 'silent'), HealthModule.forService(service)],
  controllers: [EchoController],
})
class EchoServiceModule {}

let app: INestApplication;
let proxy: ClientProxy;
let rpc: RpcClient;

beforeAll(async () => {
  app = await createServiceApp(EchoServiceModule, { service, natsUrl, healthPort: 0, host: '127.0.0.1' });
  proxy = ClientProxyFactory.create(natsRpcClientOptions(natsUrl, `${service}-client`));
  rpc = new RpcClient(proxy);
});

afterAll(async () => {
  await proxy?.close();
  await app?.close();
});

const login = (payload: unknown) =>
  rpc.request<unknown, { payload: LoginRpcRequest; isDto: boolean; requestId: string }>(loginPattern, payload, {
    requestId: 'req-1',
  });

describe('RPC payload validation of a service built by createServiceApp', () => {
  it('hands a valid payload to the handler as its DTO class, without fields the DTO does not declare', async () => {
    const reply = await login({ username: 'alice', password: 'correct-horse', isAdmin: true });
    expect(reply).toEqual({
      payload: { username: 'alice', password: 'correct-horse' },
      isDto: true,
      requestId: 'req-1',
    });
  });

  it.each([
    ['a field of the wrong type', { username: 42, password: 'correct-horse' }, 'payload.username'],
    ['a missing field', { username: 'alice' }, 'payload.password'],
    ['no payload object at all', 'alice', 'payload'],
  ])('answers %s with the standard 400, not a 500', async (_case, payload, field) => {
    await expect(login(payload)).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: expect.any(String),
      details: { fields: expect.arrayContaining([expect.objectContaining({ field })]) },
    });
  });

  it('answers a reply too large for NATS with a 500 error instead of crashing, and keeps serving', async () => {
    await expect(rpc.request(hugePattern, {}, { requestId: 'req-huge' })).rejects.toMatchObject({
      status: 500,
      code: 'INTERNAL',
      message: 'The answer was too large to send.',
    });
    const reply = await login({ username: 'alice', password: 'correct-horse' });
    expect(reply.requestId).toBe('req-1');
  });

  it('answers a message that is not an envelope at all with the standard 400', async () => {
    await expect(firstValueFrom(proxy.send(loginPattern, 'not an envelope'))).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('Prometheus metrics', () => {
  const portOf = (server: Server) => (server.address() as AddressInfo).port;
  /** The `_count` sample of a histogram for this test's login pattern and an outcome, from exposition text. */
  const count = (text: string, histogram: string, outcome: string) => {
    const line = text
      .split('\n')
      .find(
        (candidate) =>
          candidate.startsWith(`${histogram}_count{`) &&
          candidate.includes(`pattern="${loginPattern}"`) &&
          candidate.includes(`outcome="${outcome}"`),
      );
    return line === undefined ? undefined : Number(line.split(' ').pop());
  };

  it('serves the service-side RPC latency histogram on the probe port, labelled with the service', async () => {
    await login({ username: 'alice', password: 'correct-horse' });
    await login({ username: 42 }).catch(() => undefined);
    const response = await fetch(`http://127.0.0.1:${portOf(app.getHttpServer() as Server)}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(count(text, 'copytrade_rpc_server_duration_seconds', 'ok')).toBeGreaterThanOrEqual(1);
    expect(count(text, 'copytrade_rpc_server_duration_seconds', 'rejected')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(new RegExp(`copytrade_rpc_server_duration_seconds_bucket\\{[^}]*service="${service}"`));
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('serves the client-side (gateway) latency histogram on a port of its own, and nothing else there', async () => {
    await login({ username: 'alice', password: 'correct-horse' });
    const server = await serveMetrics(0, '127.0.0.1');
    try {
      const text = await (await fetch(`http://127.0.0.1:${portOf(server)}/metrics`)).text();
      expect(count(text, 'copytrade_rpc_client_duration_seconds', 'ok')).toBeGreaterThanOrEqual(1);
      expect((await fetch(`http://127.0.0.1:${portOf(server)}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
