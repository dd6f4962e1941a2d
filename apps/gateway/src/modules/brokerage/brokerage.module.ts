import { Global, Module } from '@nestjs/common';
import { BrokerageController } from './brokerage.controller';
import { ProviderSecretForOwner } from './provider-secret-for-owner.service';

/** /api/snaptrade/*; global so the auth controller can complete its user view with the owner's provider secret. */
@Global()
@Module({ controllers: [BrokerageController], providers: [ProviderSecretForOwner], exports: [ProviderSecretForOwner] })
export class BrokerageModule {}
