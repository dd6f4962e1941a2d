import { Injectable } from '@nestjs/common';
import { BrokerageErrorCode, BrokerageMessages } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { SyncBrokerageLinkUseCase } from '../connections/use-cases/sync-brokerage-link.use-case';
import { AccountEntity } from './entities/account.entity';

const accountNotFound = () =>
  DomainException.notFound(BrokerageMessages.accountNotFound, BrokerageErrorCode.ACCOUNT_NOT_FOUND);

/**
 * Whose an account is. Another user's account is refused (403) from our own records; an account we have
 * not seen yet is looked for at the provider once (a connection made minutes ago), then 404.
 */
@Injectable()
export class OwnedAccounts {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sync: SyncBrokerageLinkUseCase,
  ) {}

  async assertOwned(userId: string, accountId: string, correlationId: string): Promise<void> {
    let account = await this.find(accountId);
    if (!account) {
      await this.sync.execute(userId, correlationId);
      account = await this.find(accountId);
    }
    if (!account) throw accountNotFound();
    if (account.userId !== userId) throw DomainException.forbidden(BrokerageMessages.ownDataOnly);
  }

  /** The user's primary account: the first of the accounts list. */
  async primary(userId: string, correlationId: string): Promise<string> {
    const first = () =>
      this.dataSource.getRepository(AccountEntity).findOne({ where: { userId }, order: { position: 'ASC' } });
    const account = (await first()) ?? (await this.sync.execute(userId, correlationId).then(first));
    if (!account) throw accountNotFound();
    return account.id;
  }

  private find(accountId: string): Promise<AccountEntity | null> {
    return this.dataSource.getRepository(AccountEntity).findOneBy({ id: accountId });
  }
}
