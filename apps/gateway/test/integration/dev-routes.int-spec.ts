import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig, productionTransportEnv } from '@copytrade/nest';
import { natsUrl } from '@copytrade/testing';
import request from 'supertest';
import { GatewayConfig } from '../../src/config/gateway.config';
import { createGatewayApp } from '../../src/create-gateway-app';

/** The gateway alone (no services behind it): enough to see which routes exist. */
async function gateway(env: Record<string, string>): Promise<NestExpressApplication> {
  const config = loadConfig(GatewayConfig, {
    NATS_URL: await natsUrl(),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  const app = await createGatewayApp(config);
  await app.init();
  return app;
}

/** Calls a route as the web app would signed out: with a CSRF token, so only routing and the session decide. */
async function signedOutCall(app: NestExpressApplication, method: 'get' | 'post', path: string) {
  const agent = request.agent(app.getHttpServer());
  const { csrfToken } = (await agent.get('/api/csrf-token').expect(200)).body as { csrfToken: string };
  return agent[method](path).set('x-csrf-token', csrfToken).query({ to: 'someone@example.com' }).send({});
}

const DEV_ROUTES = [
  ['get', '/api/dev/mail'],
  ['post', '/api/dev/market/price'],
  ['post', '/api/dev/market/hours'],
  ['post', '/api/dev/paper/orders'],
] as const;

it.each([
  // Plain cookies, so the test client sends them back over http.
  ['in production', { ...productionTransportEnv('gateway'), CSRF_SECRET: 'x'.repeat(40), COOKIE_SECURE: 'false' }],
  ['outside production without DEV_TOOLS', { NODE_ENV: 'development' }],
  ['with DEV_TOOLS=false', { NODE_ENV: 'test', DEV_TOOLS: 'false' }],
])('the developer endpoints do not exist %s: /api/dev/* answers 404', async (_, env) => {
  const app = await gateway(env);
  try {
    for (const [method, path] of DEV_ROUTES) {
      const response = await signedOutCall(app, method, path);
      expect([path, response.status, response.body.code]).toEqual([path, 404, 'ROUTE_NOT_FOUND']);
    }
  } finally {
    await app.close();
  }
});

it('with DEV_TOOLS=true the mailbox exists and the paper-market controls need a session', async () => {
  const app = await gateway({ NODE_ENV: 'development', DEV_TOOLS: 'true' });
  try {
    expect((await signedOutCall(app, 'get', '/api/dev/mail')).status).not.toBe(404);
    for (const [method, path] of DEV_ROUTES.filter(([, path]) => path !== '/api/dev/mail')) {
      const response = await signedOutCall(app, method, path);
      expect([path, response.status]).toEqual([path, 401]);
    }
  } finally {
    await app.close();
  }
});
