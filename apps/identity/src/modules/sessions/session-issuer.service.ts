import { Inject, Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { IdentityConfig } from '../../config/identity.config';
import { SessionEntity } from './entities/session.entity';
import { hashSessionToken, newSessionToken } from './session-token';

export interface IssuedSession {
  sessionToken: string;
  expiresAt: Date;
}

/** Starts and ends server-side sessions, inside the caller's transaction when it has one. */
@Injectable()
export class SessionIssuer {
  constructor(@Inject(IdentityConfig) private readonly config: IdentityConfig) {}

  async issue(manager: EntityManager, userId: string, clientAddress: string | undefined): Promise<IssuedSession> {
    const sessionToken = newSessionToken();
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_HOURS * 3_600_000);
    await manager.insert(SessionEntity, {
      userId,
      tokenHash: hashSessionToken(sessionToken),
      expiresAt,
      clientAddress: clientAddress ?? null,
    });
    return { sessionToken, expiresAt };
  }

  /** Ends every live session of the user (after a password change); returns how many. */
  async revokeAllOf(manager: EntityManager, userId: string): Promise<number> {
    const result = await manager.update(SessionEntity, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    return result.affected ?? 0;
  }
}
