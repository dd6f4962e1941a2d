import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@copytrade/nest';
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

it('the development mailbox does not exist in production: /api/dev/mail answers 404', async () => {
  const app = await gateway({ NODE_ENV: 'production', CSRF_SECRET: 'x'.repeat(40) });
  try {
    const response = await request(app.getHttpServer()).get('/api/dev/mail').query({ to: 'someone@example.com' });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  } finally {
    await app.close();
  }
});

it('outside production the route exists', async () => {
  const app = await gateway({ NODE_ENV: 'development' });
  try {
    const response = await request(app.getHttpServer()).get('/api/dev/mail');
    expect(response.status).not.toBe(404);
  } finally {
    await app.close();
  }
});
