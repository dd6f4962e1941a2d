import { DynamicModule, Global, Module } from '@nestjs/common';

/** Makes the validated config object injectable by its class everywhere in the app. */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(config: object): DynamicModule {
    const provider = { provide: config.constructor, useValue: config };
    return { module: AppConfigModule, providers: [provider], exports: [provider] };
  }
}
