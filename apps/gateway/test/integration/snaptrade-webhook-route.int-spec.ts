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
const accepted = (): SnaptradeWebhookRpcReply => ({
  outcome: 'accepted',
  webhookId: 'wh',
  eventType: 'ACCOUNT_HOLDINGS_UPDATED',
});
let answer: (request: RpcRequest<SnaptradeWebhookRpcRequest>) => SnaptradeWebhookRpcReply = accepted;

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
      // X-Forwarded-For gives each test of the per-address limit its own address.
      TRUST_PROXY: '1',
      WEBHOOK_MAX_REFUSALS_PER_ADDRESS: '10',
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
  answer = accepted;
});

const SIGNATURE = 'c2lnbmF0dXJlLW9mLXRoaXJ0eS10d28tYnl0ZXMtLS0=';
/** As SnapTrade would send it: no cookie, no CSRF token; a body spaced its own way. */
const webhook = (
  body: string,
  signature: string | null = SIGNATURE,
  contentType = 'application/json',
  address = `10.0.0.${Math.floor(Math.random() * 250) + 1}`,
) => {
  const call = request(app.getHttpServer())
    .post('/api/webhooks/snaptrade')
    .set('content-type', contentType)
    .set('x-forwarded-for', address);
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

it('refuses, without calling the brokerage or parsing the body, a missing or malformed signature (401)', async () => {
  // Not JSON at all, and 95 kB: still 401, so the signature came first and the body was never parsed.
  const unparsable = `{"unterminated": "${'x'.repeat(95 * 1024)}`;
  for (const signature of [null, 'A'.repeat(600), 'not-a-signature', `${SIGNATURE.slice(0, -1)}!`]) {
    const response = await webhook(unparsable, signature);
    expect([signature, response.status, response.body.code]).toEqual([signature, 401, 'WEBHOOK_SIGNATURE_INVALID']);
  }
  const notJson = await webhook(BODY, SIGNATURE, 'text/plain');
  expect([notJson.status, notJson.body.code]).toEqual([400, 'WEBHOOK_PAYLOAD_INVALID']);
  expect(received).toHaveLength(0);
});

it('hands a signed body on unparsed, whatever it holds: the brokerage checks its HMAC before parsing it', async () => {
  for (const body of ['[1,2]', '{"unterminated": ', 'null']) expect((await webhook(body)).status).toBe(200);
  expect(received.map((call) => call.payload.body)).toEqual(['[1,2]', '{"unterminated": ', 'null']);
});

it('refuses a body over 64 kB with 413, declared or streamed, before reading it', async () => {
  const big = JSON.stringify({ webhookId: 'big', padding: 'x'.repeat(65 * 1024) });
  const declared = await webhook(big);
  expect([declared.status, declared.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  // Chunked (no Content-Length): the reader stops at the limit.
  const streamed = request(app.getHttpServer())
    .post('/api/webhooks/snaptrade')
    .set('content-type', 'application/json')
    .set('x-forwarded-for', '10.1.0.1')
    .set('Signature', SIGNATURE)
    .set('transfer-encoding', 'chunked');
  streamed.write(big.slice(0, 40_000));
  streamed.write(big.slice(40_000));
  expect((await streamed).status).toBe(413);
  // Within the limit: taken.
  expect((await webhook(JSON.stringify({ webhookId: 'fits', padding: 'x'.repeat(60 * 1024) }))).status).toBe(200);
  expect(received).toHaveLength(1);
});

it('limits refused posts per client address (429, Retry-After); accepted ones do not count', async () => {
  const from = (address: string, signature: string | null) => webhook(BODY, signature, 'application/json', address);
  for (let index = 0; index < 20; index += 1) expect((await from('198.51.100.1', SIGNATURE)).status).toBe(200);
  const statuses: number[] = [];
  for (let index = 0; index < 12; index += 1) statuses.push((await from('198.51.100.1', null)).status);
  expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
  const limited = await from('198.51.100.1', SIGNATURE);
  expect([limited.status, limited.body.code]).toEqual([429, 'RATE_LIMITED']);
  expect(limited.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  // Another address is not affected.
  expect((await from('198.51.100.2', SIGNATURE)).status).toBe(200);
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
