import { Inject, Injectable } from '@nestjs/common';
import {
  BrokerageConnected,
  BrokerageDisconnected,
  type BrokerageConnectionRefV1,
  type BrokerageLinkStateV1,
} from '@copytrade/contracts';
import { OutboxWriter } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountEntity } from '../../accounts/entities/account.entity';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';
import { withProviderErrors } from '../../provider/provider-error.mapper';
import type { ProviderAccount, ProviderConnection } from '../../provider/provider.types';
import { activeAccountIds, orderAccounts } from '../account-order';
import { ConnectionEntity } from '../entities/connection.entity';
import { ProviderUserEntity } from '../entities/provider-user.entity';
import { ProviderUsers } from '../provider-users.service';

export interface BrokerageLink {
  providerUserId: string;
  connections: ProviderConnection[];
  /** In account order: the first is the primary account. */
  accounts: ProviderAccount[];
  activeAccountIds: string[];
}

const accountsSignature = (rows: { id: string; connectionId: string }[]) =>
  rows.map((row) => `${row.id}@${row.connectionId}`).join(',');

type Change = { event: 'connected' } | { event: 'disconnected'; reason: 'REMOVED' | 'DISABLED' };

/**
 * Reads the user's connections and accounts from the provider and stores what changed, with a
 * BrokerageConnected / BrokerageDisconnected event per changed connection in the same transaction.
 * A provider failure (429 included) throws before anything is written, so the last known state stays.
 */
@Injectable()
export class SyncBrokerageLinkUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly providerUsers: ProviderUsers,
    private readonly outbox: OutboxWriter,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  async execute(userId: string, correlationId: string): Promise<BrokerageLink> {
    const { entity, credentials } = await this.providerUsers.require(userId);
    const [connections, accounts] = await withProviderErrors(() =>
      Promise.all([this.provider.listConnections(credentials), this.provider.listAccounts(credentials)]),
    );
    const ordered = orderAccounts(accounts, connections);
    const link = {
      providerUserId: entity.providerUserId,
      connections,
      accounts: ordered,
      activeAccountIds: activeAccountIds(ordered, connections),
    };
    // Most reads change nothing: only then take the user's lock and write.
    if (await this.differs(userId, link))
      await this.dataSource.transaction((manager) => this.apply(manager, userId, link, correlationId));
    return link;
  }

  private async differs(userId: string, link: BrokerageLink): Promise<boolean> {
    const [connections, accounts] = await Promise.all([
      this.dataSource.getRepository(ConnectionEntity).findBy({ userId }),
      this.dataSource.getRepository(AccountEntity).find({ where: { userId }, order: { position: 'ASC' } }),
    ]);
    const known = new Map(connections.map((row) => [row.id, row.disabled]));
    const sameConnections =
      connections.length === link.connections.length && link.connections.every((c) => known.get(c.id) === c.disabled);
    return !sameConnections || accountsSignature(accounts) !== accountsSignature(link.accounts);
  }

  private async apply(
    manager: EntityManager,
    userId: string,
    link: BrokerageLink,
    correlationId: string,
  ): Promise<void> {
    // Serializes concurrent syncs of one user: the second one diffs against the first one's result.
    const owner = await manager.findOne(ProviderUserEntity, { where: { userId }, lock: { mode: 'pessimistic_write' } });
    if (!owner) return;
    const before = new Map((await manager.findBy(ConnectionEntity, { userId })).map((row) => [row.id, row]));
    const accountsBefore = await manager.find(AccountEntity, { where: { userId }, order: { position: 'ASC' } });
    const changes = this.diff(before, link, accountsBefore);

    await this.store(manager, userId, link, before, accountsBefore);
    if (changes.size === 0) return;

    const stateVersion = Number(owner.stateVersion) + 1;
    await manager.update(ProviderUserEntity, { userId }, { stateVersion: String(stateVersion) });
    const state: BrokerageLinkStateV1 = {
      userId,
      providerUserId: owner.providerUserId,
      provider: owner.provider,
      brokerageConnected: link.connections.some((connection) => !connection.disabled),
      accountIds: link.activeAccountIds,
      stateVersion,
    };
    const occurredAt = new Date().toISOString();
    for (const [connectionId, change] of changes) {
      const ref = this.refOf(connectionId, link, before.get(connectionId), accountsBefore);
      if (change.event === 'connected')
        await this.outbox.add(
          manager,
          BrokerageConnected,
          { userId, connection: ref, link: state, occurredAt },
          { correlationId, aggregateId: `brokerage-link:${userId}` },
        );
      else
        await this.outbox.add(
          manager,
          BrokerageDisconnected,
          { userId, connection: ref, reason: change.reason, link: state, occurredAt },
          { correlationId, aggregateId: `brokerage-link:${userId}` },
        );
    }
  }

  /** Writes only when something differs: the dashboard reads accounts every few minutes. */
  private async store(
    manager: EntityManager,
    userId: string,
    link: BrokerageLink,
    before: Map<string, ConnectionEntity>,
    accountsBefore: AccountEntity[],
  ): Promise<void> {
    const seen = new Set(link.connections.map((connection) => connection.id));
    const gone = [...before.keys()].filter((id) => !seen.has(id));
    if (gone.length) await manager.delete(ConnectionEntity, gone);
    const changedConnections = link.connections.filter((c) => before.get(c.id)?.disabled !== c.disabled);
    if (changedConnections.length) {
      await manager.upsert(
        ConnectionEntity,
        changedConnections.map((c) => ({
          id: c.id,
          userId,
          brokerageSlug: c.brokerage.slug,
          brokerageName: c.brokerage.name,
          disabled: c.disabled,
        })),
        ['id'],
      );
    }
    if (accountsSignature(accountsBefore) === accountsSignature(link.accounts)) return;
    await manager.delete(AccountEntity, { userId });
    if (link.accounts.length)
      await manager.insert(
        AccountEntity,
        link.accounts.map((account, position) => ({
          id: account.id,
          userId,
          connectionId: account.connectionId,
          position,
        })),
      );
  }

  /** New or re-enabled → connected; gone or newly disabled → disconnected; an active one whose accounts changed is announced again. */
  private diff(
    before: Map<string, ConnectionEntity>,
    link: BrokerageLink,
    accountsBefore: AccountEntity[],
  ): Map<string, Change> {
    const changes = new Map<string, Change>();
    const accountIdsOf = (connectionId: string, ids: { id: string; connectionId: string }[]) =>
      ids
        .filter((a) => a.connectionId === connectionId)
        .map((a) => a.id)
        .join(',');
    for (const connection of link.connections) {
      const previous = before.get(connection.id);
      if (!connection.disabled && (!previous || previous.disabled)) changes.set(connection.id, { event: 'connected' });
      else if (connection.disabled && previous && !previous.disabled)
        changes.set(connection.id, { event: 'disconnected', reason: 'DISABLED' });
      else if (
        !connection.disabled &&
        accountIdsOf(connection.id, accountsBefore) !== accountIdsOf(connection.id, link.accounts)
      )
        changes.set(connection.id, { event: 'connected' });
    }
    const seen = new Set(link.connections.map((connection) => connection.id));
    for (const [id, previous] of before)
      if (!seen.has(id) && !previous.disabled) changes.set(id, { event: 'disconnected', reason: 'REMOVED' });
    return changes;
  }

  private refOf(
    connectionId: string,
    link: BrokerageLink,
    previous: ConnectionEntity | undefined,
    accountsBefore: AccountEntity[],
  ): BrokerageConnectionRefV1 {
    const current = link.connections.find((connection) => connection.id === connectionId);
    const accounts = current ? link.accounts : accountsBefore;
    return {
      connectionId,
      brokerage: current
        ? { slug: current.brokerage.slug, name: current.brokerage.name }
        : { slug: previous?.brokerageSlug ?? '', name: previous?.brokerageName ?? '' },
      accountIds: accounts.filter((account) => account.connectionId === connectionId).map((account) => account.id),
    };
  }
}
