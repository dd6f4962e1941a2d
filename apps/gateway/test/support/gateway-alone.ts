import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@copytrade/nest';
import { natsUrl } from '@copytrade/testing';
import { GatewayConfig } from '../../src/config/gateway.config';
import { createGatewayApp } from '../../src/create-gateway-app';

/**
 * The gateway alone, with no service behind it and no web build: what answers comes from its own routing, body
 * parsing, guards and error handling (a call that needs a service is a 503).
 */
export async function startGatewayAlone(): Promise<NestExpressApplication> {
  const config = loadConfig(GatewayConfig, {
    NATS_URL: await natsUrl(),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
  });
  const app = await createGatewayApp(config);
  await app.init();
  return app;
}
