import { Inject, Injectable } from '@nestjs/common';
import { BrokerageErrorCode, BrokerageMessages } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../provider/brokerage-provider';
import type { ProviderUserCredentials } from '../provider/provider.types';
import { ProviderUserEntity } from './entities/provider-user.entity';
import { SecretCipher } from './secret-cipher';

export interface RegisteredUser {
  entity: ProviderUserEntity;
  credentials: ProviderUserCredentials;
}

/** The user's registration with the configured provider; the secret is decrypted only here, to make a call or show it to its owner. */
@Injectable()
export class ProviderUsers {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: SecretCipher,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  find(userId: string): Promise<ProviderUserEntity | null> {
    return this.dataSource.getRepository(ProviderUserEntity).findOneBy({ userId, provider: this.provider.name });
  }

  async require(userId: string): Promise<RegisteredUser> {
    const entity = await this.find(userId);
    if (!entity)
      throw new DomainException(
        409,
        BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED,
        BrokerageMessages.registrationRequired,
      );
    return {
      entity,
      credentials: {
        userId: entity.providerUserId,
        userSecret: this.cipher.decrypt(entity.secretCiphertext, entity.userId),
      },
    };
  }
}
