import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { ControlCharactersPipe, validationExceptionFactory } from '@copytrade/nest';
import cookieParser from 'cookie-parser';
import express from 'express';
import { Logger } from 'nestjs-pino';
import { GatewayAppModule } from './app.module';
import { GatewayConfig } from './config/gateway.config';
import { httpMetricsMiddleware } from './modules/http-metrics/http-metrics.middleware';
import { useJsonBody } from './modules/body-parsing/json-body';
import { setupOpenApi } from './modules/openapi/openapi';
import { securityHeaders } from './modules/web/security-headers';
import { serveWebApp } from './modules/web/serve-web-app';
import { snaptradeWebhookIntake } from './modules/webhooks/webhook-intake';

/** Builds the gateway (used by main.ts and by the tests): validation, cookies, OpenAPI, the web app. */
export async function createGatewayApp(config: GatewayConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayAppModule.register(config), routedExactly(), {
    bufferLogs: true,
    bodyParser: false,
    // Keeps each JSON body's bytes as request.rawBody (a webhook's signature is checked against what was sent).
    rawBody: true,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  // First: every answer is counted, those of the middleware below included.
  app.use(httpMetricsMiddleware());
  app.use(securityHeaders({ https: config.secureCookies }));
  // Before the JSON parser: a webhook's body is screened, then read as bytes, never parsed here.
  app.use(
    snaptradeWebhookIntake({
      maxRefusalsPerAddress: config.WEBHOOK_MAX_REFUSALS_PER_ADDRESS,
      windowSeconds: config.WEBHOOK_REFUSAL_WINDOW_SECONDS,
    }),
  );
  useJsonBody(app);
  app.use(cookieParser());
  app.useGlobalPipes(
    // Control characters first: a NUL must be refused before any rule or lookup sees it.
    new ControlCharactersPipe(),
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: validationExceptionFactory,
    }),
  );
  app.enableShutdownHooks();

  setupOpenApi(app);

  serveWebApp(app, { distDir: config.WEB_DIST_DIR, publishSourceMaps: !config.isProduction });
  return app;
}

/**
 * Express matches routes case-insensitively and ignores a trailing slash by default; the gateway's routes match
 * only as written (`/API/...` and `/api/login/` are 404s). The settings must be made before Express creates its
 * router, hence an instance of our own. (Access does not depend on this: the session guard protects by route.)
 */
function routedExactly(): ExpressAdapter {
  const server = express();
  server.set('case sensitive routing', true);
  server.set('strict routing', true);
  return new ExpressAdapter(server);
}
