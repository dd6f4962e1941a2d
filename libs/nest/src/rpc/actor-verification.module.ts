import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ActorVerifier } from './actor-signature';
import { ActorVerificationGuard } from './actor-verification.guard';

/** Installs the ActorVerificationGuard on every handler of a service, with the gateway's public key. */
@Module({})
export class ActorVerificationModule {
  static forRoot(publicKeyBase64: string): DynamicModule {
    return {
      module: ActorVerificationModule,
      providers: [
        { provide: APP_GUARD, useFactory: () => new ActorVerificationGuard(new ActorVerifier(publicKeyBase64)) },
      ],
    };
  }
}
