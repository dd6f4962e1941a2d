import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BrokerageErrorCode, BrokerageMessages, type PaperPortalSessionView } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { DataSource, type EntityManager } from 'typeorm';
import { PaperAccountEntity } from './entities/paper-account.entity';
import { PaperConnectionEntity } from './entities/paper-connection.entity';
import { PaperPortalSessionEntity } from './entities/paper-portal-session.entity';
import { isUuid } from './paper-broker.provider';
import { PAPER_BROKERAGE, PAPER_STARTING_ACCOUNTS } from './paper-catalogue';

/**
 * The paper broker's stand-in for the provider's connection portal: describes a pending connection and
 * creates it. Connecting twice through one link gives the same connection; connecting the same brokerage
 * again re-enables the existing connection, as SnapTrade de-duplicates connections.
 */
@Injectable()
export class PaperPortalService {
  constructor(private readonly dataSource: DataSource) {}

  async describe(sessionId: string, providerUserId: string): Promise<PaperPortalSessionView> {
    const session = await this.sessionOf(this.dataSource.manager, sessionId, providerUserId);
    const expired = !session.connectionId && session.expiresAt.getTime() < Date.now();
    return {
      sessionId: session.id,
      status: session.connectionId ? 'CONNECTED' : expired ? 'EXPIRED' : 'PENDING',
      expiresAt: session.expiresAt.toISOString(),
      brokerage: {
        slug: PAPER_BROKERAGE.slug,
        name: PAPER_BROKERAGE.name,
        display_name: PAPER_BROKERAGE.displayName,
        description: PAPER_BROKERAGE.description,
        aws_s3_logo_url: PAPER_BROKERAGE.logoUrl,
      },
      connectionType: session.connectionType,
      redirectUrl: session.customRedirect,
      connectionId: session.connectionId,
      accounts: PAPER_STARTING_ACCOUNTS.map((account) => ({
        name: account.name,
        startingCash: new Decimal(account.cash).toNumber(),
      })),
    };
  }

  /** Creates (or re-enables) the connection; returns it with the portal's redirect, as the provider builds it. */
  connect(sessionId: string, providerUserId: string): Promise<{ connectionId: string; redirectUrl: string | null }> {
    return this.dataSource.transaction(async (manager) => {
      const session = await this.sessionOf(manager, sessionId, providerUserId, true);
      if (!session.connectionId) {
        if (session.expiresAt.getTime() < Date.now())
          throw new DomainException(
            410,
            BrokerageErrorCode.PORTAL_SESSION_EXPIRED,
            BrokerageMessages.portalSessionExpired,
          );
        session.connectionId = await this.openConnection(manager, session);
        await manager.update(PaperPortalSessionEntity, { id: session.id }, { connectionId: session.connectionId });
      }
      return {
        connectionId: session.connectionId,
        redirectUrl: withStatus(session.customRedirect, session.connectionId),
      };
    });
  }

  private async openConnection(manager: EntityManager, session: PaperPortalSessionEntity): Promise<string> {
    const existing = await manager.findOne(PaperConnectionEntity, {
      where: { providerUserId: session.providerUserId, brokerSlug: session.brokerSlug },
      lock: { mode: 'pessimistic_write' },
    });
    if (existing) {
      await manager.update(
        PaperConnectionEntity,
        { id: existing.id },
        { disabled: false, disabledAt: null, type: session.connectionType === 'trade' ? 'trade' : existing.type },
      );
      return existing.id;
    }
    const connection = await manager.save(
      manager.create(PaperConnectionEntity, {
        providerUserId: session.providerUserId,
        brokerSlug: session.brokerSlug,
        type: session.connectionType,
      }),
    );
    const openedAt = Date.now();
    await manager.insert(
      PaperAccountEntity,
      // Distinct creation times keep the account order (and so the primary account) stable.
      PAPER_STARTING_ACCOUNTS.map((account, index) => ({
        connectionId: connection.id,
        providerUserId: session.providerUserId,
        name: account.name,
        number: `PA${randomInt(10_000_000, 99_999_999)}`,
        cash: account.cash,
        createdAt: new Date(openedAt + index),
      })),
    );
    return connection.id;
  }

  private async sessionOf(
    manager: EntityManager,
    sessionId: string,
    providerUserId: string,
    lock = false,
  ): Promise<PaperPortalSessionEntity> {
    const session = isUuid(sessionId)
      ? await manager.findOne(PaperPortalSessionEntity, {
          where: { id: sessionId },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!session)
      throw DomainException.notFound(
        BrokerageMessages.portalSessionNotFound,
        BrokerageErrorCode.PORTAL_SESSION_NOT_FOUND,
      );
    if (session.providerUserId !== providerUserId) throw DomainException.forbidden(BrokerageMessages.ownDataOnly);
    return session;
  }
}

/** `customRedirect?status=SUCCESS&connection_id=…`, appending to an existing query string. */
function withStatus(customRedirect: string | null, connectionId: string): string | null {
  if (!customRedirect) return null;
  const url = new URL(customRedirect);
  url.searchParams.set('status', 'SUCCESS');
  url.searchParams.set('connection_id', connectionId);
  return url.toString();
}
