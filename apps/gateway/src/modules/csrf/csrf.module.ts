import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { CsrfController } from './csrf.controller';
import { CsrfMiddleware } from './csrf.middleware';
import { CsrfTokens } from './csrf-tokens.service';

@Module({ controllers: [CsrfController], providers: [CsrfTokens] })
export class CsrfModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CsrfMiddleware).forRoutes({ path: 'api/*path', method: RequestMethod.ALL });
  }
}
