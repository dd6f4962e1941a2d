import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  BrokerageConnected,
  ProviderUserDeleted,
  ProviderUserRegistered,
  type BrokerageConnectedV1,
  type BrokerageDisconnectedV1,
  type EventEnvelope,
  type ProviderUserDeletedV1,
  type ProviderUserRegisteredV1,
} from '@copytrade/contracts';
import { EventConsumerRegistry, runAfterCommit } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { SessionInvalidations } from '../sessions/session-invalidations';

const CONNECTION_EVENTS = BrokerageConnected.subject.replace(/connected\.v1$/, '>');

/**
 * Keeps users.brokerage_connected, snaptrade_account_ids and snaptrade_user_id from the brokerage service's
 * events. Every event carries the user's whole link with a version, so applying is a conditional overwrite:
 * a redelivered or late (older) event changes nothing. Payloads arrive already validated against the event
 * catalogue: a malformed one is dead-lettered by the consumer before it reaches these handlers.
 */
@Injectable()
export class BrokerageLinkHandler implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumerRegistry,
    private readonly sessions: SessionInvalidations,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<BrokerageConnectedV1 | BrokerageDisconnectedV1>({
      durableName: 'identity-brokerage-link-connections',
      filterSubject: CONNECTION_EVENTS,
      handler: (envelope, manager) => this.applyConnectionChange(envelope, manager),
    });
    await this.consumers.register<ProviderUserRegisteredV1>({
      durableName: 'identity-brokerage-link-registrations',
      filterSubject: ProviderUserRegistered.subject,
      handler: (envelope, manager) => this.applyRegistration(envelope, manager),
    });
    await this.consumers.register<ProviderUserDeletedV1>({
      durableName: 'identity-brokerage-link-deletions',
      filterSubject: ProviderUserDeleted.subject,
      handler: (envelope, manager) => this.applyDeletion(envelope, manager),
    });
  }

  async applyConnectionChange(
    { data }: EventEnvelope<BrokerageConnectedV1 | BrokerageDisconnectedV1>,
    manager: EntityManager,
  ): Promise<void> {
    const { link } = data;
    await manager.query(
      `UPDATE identity.users
          SET brokerage_connected = $2, snaptrade_account_ids = $3, snaptrade_user_id = $4, brokerage_state_version = $5
        WHERE id = $1 AND brokerage_state_version < $5`,
      [link.userId, link.brokerageConnected, link.accountIds, link.providerUserId, link.stateVersion],
    );
    await this.userChanged(manager, link.userId);
  }

  /** A (new) registration starts without connections. */
  async applyRegistration({ data }: EventEnvelope<ProviderUserRegisteredV1>, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE identity.users
          SET snaptrade_user_id = $2, brokerage_connected = false, snaptrade_account_ids = '{}', brokerage_state_version = $3
        WHERE id = $1 AND brokerage_state_version < $3`,
      [data.userId, data.providerUserId, data.stateVersion],
    );
    await this.userChanged(manager, data.userId);
  }

  /** An admin deleted the registration: no provider user, nothing connected (a later registration is newer). */
  async applyDeletion({ data }: EventEnvelope<ProviderUserDeletedV1>, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE identity.users
          SET snaptrade_user_id = NULL, brokerage_connected = false, snaptrade_account_ids = '{}', brokerage_state_version = $2
        WHERE id = $1 AND brokerage_state_version < $2`,
      [data.userId, data.stateVersion],
    );
    await this.userChanged(manager, data.userId);
  }

  /** Gateways cache the user's view with the session: they drop it once this projection commits. */
  private userChanged(manager: EntityManager, userId: string): Promise<void> {
    return runAfterCommit(manager, () => this.sessions.userChanged(userId));
  }
}
