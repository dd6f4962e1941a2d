import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { validationExceptionFactory } from '@copytrade/nest';
import cookieParser from 'cookie-parser';
import { Logger } from 'nestjs-pino';
import { GatewayAppModule } from './app.module';
import { GatewayConfig } from './config/gateway.config';
import { serveWebApp } from './modules/web/serve-web-app';

/** Builds the gateway (used by main.ts and by the tests): validation, cookies, OpenAPI, the web app. */
export async function createGatewayApp(config: GatewayConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayAppModule.register(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.useBodyParser('json', { limit: '100kb' });
  app.use(cookieParser());
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: validationExceptionFactory,
    }),
  );
  app.enableShutdownHooks();

  const openApi = new DocumentBuilder()
    .setTitle('CopyTrade API')
    .setDescription('REST API of the copy-trading platform (closed beta)')
    .setVersion('0.1.0')
    .addCookieAuth('ct_session')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });

  serveWebApp(app, config.WEB_DIST_DIR);
  return app;
}
