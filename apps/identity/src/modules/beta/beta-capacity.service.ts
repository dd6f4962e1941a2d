import { Inject, Injectable } from '@nestjs/common';
import { BetaMessages, IdentityErrorCode, type BetaStatusResponse } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { IdentityConfig } from '../../config/identity.config';

/**
 * Beta seats: a single counter row (identity.beta_capacity) against BETA_MAX_USERS. A seat is taken by a
 * conditional UPDATE inside the signup transaction, so two signups racing for the last seat cannot both win
 * (the second waits for the first's row lock, then finds no seat left).
 */
@Injectable()
export class BetaCapacity {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  async status(manager: EntityManager = this.dataSource.manager): Promise<BetaStatusResponse> {
    const [row] = (await manager.query(`SELECT registered_count FROM identity.beta_capacity`)) as {
      registered_count: number;
    }[];
    return { currentCount: row?.registered_count ?? 0, maxCount: this.config.BETA_MAX_USERS };
  }

  async isFull(manager?: EntityManager): Promise<boolean> {
    const { currentCount, maxCount } = await this.status(manager);
    return currentCount >= maxCount;
  }

  /** Takes one seat in the caller's transaction, or refuses with 403 when none is left. */
  async takeSeat(manager: EntityManager): Promise<void> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [, affected] = (await manager.query(
      `UPDATE identity.beta_capacity SET registered_count = registered_count + 1 WHERE registered_count < $1`,
      [this.config.BETA_MAX_USERS],
    )) as [unknown[], number];
    if (affected === 0) throw betaFull();
  }
}

export const betaFull = () => new DomainException(403, IdentityErrorCode.BETA_FULL, BetaMessages.betaFull);
