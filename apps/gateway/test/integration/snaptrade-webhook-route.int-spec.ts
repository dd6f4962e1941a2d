import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  SnaptradeWebhookRpc,
  type RpcRequest,
  type SnaptradeWebhookRpcReply,
  type SnaptradeWebhookRpcRequest,
} from '@copytrade/contracts';
import { devActorVerificationGuard, loadConfig, natsRpcServerOptions } from '@copytrade/nest';
import { startPrivateNats, type PrivateNats } from '@copytrade/testing';
import request from 'supertest';
import { GatewayConfig } from '../../src/config/gateway.config';
import { createGatewayApp } from '../../src/create-gateway-app';

/**
 * POST /api/webhooks/snaptrade through the gateway alone, with a stand-in for the brokerage service's webhook RPC
 * on a private nats-server: what reaches the brokerage (the body byte for byte, the Signature), what the gateway
 * refuses itself, how the brokerage's answers and its absence come out — and that exempting this one route from
 * CSRF left every other state-changing route protected.
 */
const received: Array<RpcRequest<SnaptradeWebhookRpcRequest>> = [];
let answer: (request: RpcRequest<SnaptradeWebhookRpcRequest>) => SnaptradeWebhookRpcReply = () => ({
  outcome: 'accepted',
  webhookId: 'wh',
  eventType: 'ACCOUNT_HOLDINGS_UPDATED',
});

@Controller()
class StandInBrokerage {
  @MessagePattern(SnaptradeWebhookRpc.receive)
  receive(@Payload() call: RpcRequest<SnaptradeWebhookRpcRequest>): SnaptradeWebhookRpcReply {
    received.push(call);
    return answer(call);
  }
}
@Module({ controllers: [StandInBrokerage] })
class StandInBrokerageModule {}

let nats: PrivateNats;
let brokerage: INestMicroservice | undefined;
let app: NestExpressApplication;

async function startBrokerage(): Promise<void> {
  brokerage = await NestFactory.createMicroservice(StandInBrokerageModule, {
    ...natsRpcServerOptions(nats.url, 'brokerage'),
    logger: false,
  });
  brokerage.useGlobalGuards(devActorVerificationGuard());
  await brokerage.listen();
}

beforeAll(async () => {
  nats = await startPrivateNats();
  await startBrokerage();
  app = await createGatewayApp(
    loadConfig(GatewayConfig, {
      NATS_URL: nats.url,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      WEB_DIST_DIR: '/nonexistent',
    }),
  );
  await app.init();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await brokerage?.close();
  await nats?.stop();
});

beforeEach(() => {
  received.length = 0;
});

const SIGNATURE = 'c2lnbmF0dXJlLW9mLXRoaXJ0eS10d28tYnl0ZXMtLS0=';
/** As SnapTrade would send it: no cookie, no CSRF token; a body spaced its own way. */
const webhook = (body: string, signature: string | null = SIGNATURE, contentType = 'application/json') => {
  const call = request(app.getHttpServer()).post('/api/webhooks/snaptrade').set('content-type', contentType);
  return (signature === null ? call : call.set('Signature', signature)).send(body);
};
const BODY = '{ "webhookId":"wh-1",  "eventType":"ACCOUNT_HOLDINGS_UPDATED", "note":"Soci\\u00e9t\\u00e9 é" }';

it('takes a webhook without a session or a CSRF token and hands the body, byte for byte, and the signature on', async () => {
  const response = await webhook(BODY);
  expect([response.status, response.body]).toEqual([200, { success: true, outcome: 'accepted' }]);
  expect(received).toHaveLength(1);
  expect(received[0]!.payload).toEqual({ body: BODY, signature: SIGNATURE });
  expect(received[0]!.actor).toBeUndefined();
});

it("answers 200 for the brokerage's duplicate and ignored outcomes", async () => {
  for (const outcome of ['duplicate', 'ignored'] as const) {
    answer = () => ({ outcome, webhookId: 'wh-1', eventType: 'X' });
    const response = await webhook(BODY);
    expect([response.status, response.body]).toEqual([200, { success: true, outcome }]);
  }
});

it('passes the brokerage refusals on: 401 for a bad signature, 400 for a stale webhook', async () => {
  for (const [status, code] of [
    [401, 'WEBHOOK_SIGNATURE_INVALID'],
    [400, 'WEBHOOK_STALE'],
  ] as const) {
    answer = () => {
      throw new RpcException({ status, code, message: 'refused' });
    };
    const response = await webhook(BODY);
    expect([response.status, response.body.code]).toEqual([status, code]);
  }
});

it('refuses, without calling the brokerage, a missing signature (401) and a body that is not a JSON object (400)', async () => {
  const noSignature = await webhook(BODY, null);
  expect([noSignature.status, noSignature.body.code]).toEqual([401, 'WEBHOOK_SIGNATURE_INVALID']);
  const tooLong = await webhook(BODY, 'A'.repeat(600));
  expect(tooLong.status).toBe(401);
  for (const body of ['[1,2]', '{"unterminated": ', '"text"', 'null']) {
    const response = await webhook(body);
    expect([body, response.status]).toEqual([body, 400]);
  }
  const notJson = await webhook(BODY, SIGNATURE, 'text/plain');
  expect([notJson.status, notJson.body.code]).toEqual([400, 'WEBHOOK_PAYLOAD_INVALID']);
  expect(received).toHaveLength(0);
});

it('refuses a body over the size limit with 413', async () => {
  const response = await webhook(JSON.stringify({ webhookId: 'big', padding: 'x'.repeat(120 * 1024) }));
  expect(response.status).toBe(413);
  expect(received).toHaveLength(0);
});

it('is exempt from CSRF only as written: other spellings are other routes, refused, never handed on', async () => {
  for (const path of ['/api/webhooks/SnapTrade', '/API/webhooks/snaptrade', '/api/webhooks/snaptrade/']) {
    const response = await request(app.getHttpServer()).post(path).set('Signature', SIGNATURE).send({});
    expect(`${path} ${response.status} ${response.body.code}`).toMatch(/ (403 CSRF_INVALID|404 NOT_FOUND)$/);
  }
  expect((await request(app.getHttpServer()).get('/api/webhooks/snaptrade')).status).toBe(404);
  expect(received).toHaveLength(0);
});

it('keeps CSRF on every other state-changing route, checked before the session', async () => {
  for (const path of ['/api/logout', '/api/paper/orders', '/api/login', '/api/no-such-route']) {
    const response = await request(app.getHttpServer()).post(path).send({});
    expect([path, response.status, response.body.code]).toEqual([path, 403, 'CSRF_INVALID']);
  }
});

it('answers 503 with Retry-After when the brokerage does not answer (never 500)', async () => {
  answer = () => {
    throw new Error('database down');
  };
  const failing = await webhook(BODY);
  expect([failing.status, failing.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  expect(failing.headers['retry-after']).toMatch(/^[1-9]\d*$/);

  await brokerage!.close();
  brokerage = undefined;
  const absent = await webhook(BODY);
  expect([absent.status, absent.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  expect(absent.headers['retry-after']).toMatch(/^[1-9]\d*$/);
}, 30_000);
