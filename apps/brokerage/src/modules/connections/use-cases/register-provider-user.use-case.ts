import { Inject, Injectable, Logger } from '@nestjs/common';
import { IdentityRpc, ProviderUserRegistered, type RegisterProviderUserRpcReply } from '@copytrade/contracts';
import { OutboxWriter, ProjectionSync, runAfterCommit } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';
import { ProviderError } from '../../provider/provider.error';
import { withProviderErrors } from '../../provider/provider-error.mapper';
import type { ProviderUserCredentials } from '../../provider/provider.types';
import { ProviderUserEntity } from '../entities/provider-user.entity';
import { SecretCipher } from '../secret-cipher';

/**
 * Registers the user with the provider once. SnapTrade's registerUser is not idempotent and returns the
 * secret only once, so the call runs under a per-user advisory lock inside the transaction that stores the
 * encrypted secret and the ProviderUserRegistered event: a double click or two replicas register once.
 * Read-your-writes: once that commits, identity applies the event before we answer (ProjectionSync), so the
 * user's next verify-token shows them registered.
 */
@Injectable()
export class RegisterProviderUserUseCase {
  private readonly logger = new Logger(RegisterProviderUserUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: SecretCipher,
    private readonly outbox: OutboxWriter,
    private readonly projections: ProjectionSync,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  async execute(userId: string, correlationId: string): Promise<RegisterProviderUserRpcReply> {
    const existing = await this.dataSource
      .getRepository(ProviderUserEntity)
      .findOneBy({ userId, provider: this.provider.name });
    if (existing) return { providerUserId: existing.providerUserId, alreadyRegistered: true };
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`brokerage.register:${userId}`]);
      const current = await manager.findOneBy(ProviderUserEntity, { userId });
      if (current?.provider === this.provider.name)
        return { providerUserId: current.providerUserId, alreadyRegistered: true };
      // A registration with another provider (the configuration changed) is replaced, with its connections.
      if (current) await manager.delete(ProviderUserEntity, { userId });
      const credentials = await withProviderErrors(() => this.registerAtProvider(userId));
      // After an admin deleted an earlier registration, continue above the version it reached (its events').
      const [deleted] = (await manager.query(
        `SELECT state_version FROM brokerage.provider_user_deletions WHERE user_id = $1`,
        [userId],
      )) as Array<{ state_version: string }>;
      const stateVersion = Math.max(Number(current?.stateVersion ?? 0), Number(deleted?.state_version ?? 0)) + 1;
      await this.store(manager, userId, credentials, stateVersion);
      const event = await this.outbox.add(
        manager,
        ProviderUserRegistered,
        {
          userId,
          providerUserId: credentials.userId,
          provider: this.provider.name,
          stateVersion,
          occurredAt: new Date().toISOString(),
        },
        { correlationId, aggregateId: `provider-user:${userId}` },
      );
      await runAfterCommit(manager, () =>
        this.projections.applyNow(IdentityRpc.applyProjections, ProviderUserRegistered, event, correlationId),
      );
      return { providerUserId: credentials.userId, alreadyRegistered: false };
    });
  }

  /**
   * A provider user without a stored secret (a crash after the provider answered) is unusable: the secret is
   * gone. Ask for its deletion and register under a fresh provider id instead of failing forever with 1010.
   */
  private async registerAtProvider(userId: string): Promise<ProviderUserCredentials> {
    try {
      return await this.provider.registerUser(userId);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== 'USER_ALREADY_EXISTS') throw error;
      this.logger.warn({ userId }, 'Provider user exists without a stored secret; replacing it');
      await this.provider.deleteUser(userId).catch(() => undefined);
      return this.provider.registerUser(`${userId}-${Date.now().toString(36)}`);
    }
  }

  private async store(
    manager: EntityManager,
    userId: string,
    credentials: ProviderUserCredentials,
    stateVersion: number,
  ): Promise<void> {
    await manager.insert(ProviderUserEntity, {
      userId,
      provider: this.provider.name,
      providerUserId: credentials.userId,
      secretCiphertext: this.cipher.encrypt(credentials.userSecret, userId),
      stateVersion: String(stateVersion),
    });
  }
}
