import { Global, Inject, Injectable, Module } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { SessionsInvalidatedSubject, type SessionsInvalidated } from '@copytrade/contracts';
import { NATS_CONNECTION, publishBeforeReply } from '@copytrade/nest';
import { hashSessionToken } from './session-token';

/**
 * Tells every gateway to drop cached sessions, before the request that made them stale is answered (each
 * method resolves once NATS has taken the message). Call it AFTER the change commits: a gateway re-reading
 * earlier would cache the old state again.
 */
@Injectable()
export class SessionInvalidations {
  constructor(@Inject(NATS_CONNECTION) private readonly nats: NatsConnection) {}

  /** One session ended (logout). */
  sessionRevoked(sessionToken: string): Promise<void> {
    return this.publish({ tokenHash: hashSessionToken(sessionToken) });
  }

  /**
   * Every session of the user: they were revoked (password reset) or what they show changed (profile,
   * onboarding, settings, brokerage link). The hook for role changes too: an admin toggling `isAdmin` calls
   * this after committing, and the user's next request on any gateway is authorised with the new role.
   */
  userChanged(userId: string): Promise<void> {
    return this.publish({ userId });
  }

  private publish(message: SessionsInvalidated): Promise<void> {
    return publishBeforeReply(this.nats, SessionsInvalidatedSubject, message);
  }
}

@Global()
@Module({ providers: [SessionInvalidations], exports: [SessionInvalidations] })
export class SessionInvalidationsModule {}
