import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ResolveSessionRpcReply } from '@copytrade/contracts';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { toUserView } from '../../users/mappers/user-view.mapper';
import { SessionEntity } from '../entities/session.entity';
import { SessionInvalidations } from '../session-invalidations';
import { hashSessionToken } from '../session-token';

/** Resolves a cookie's token to its user, and revokes sessions on logout. */
@Injectable()
export class SessionLookupUseCase {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    private readonly invalidations: SessionInvalidations,
  ) {}

  async resolve(sessionToken: string): Promise<ResolveSessionRpcReply> {
    if (!sessionToken) return { user: null };
    const session = await this.sessions.findOne({
      where: { tokenHash: hashSessionToken(sessionToken), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      relations: { user: true },
    });
    return { user: session ? toUserView(session.user) : null };
  }

  async revoke(sessionToken: string): Promise<void> {
    if (!sessionToken) return;
    await this.sessions.update(
      { tokenHash: hashSessionToken(sessionToken), revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
    // Before the logout is answered: no gateway replica may accept the cookie afterwards.
    await this.invalidations.sessionRevoked(sessionToken);
  }
}
