import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_TOPICS, type EmailTopic } from '@copytrade/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Binds the MAC to this use of the secret. */
const PURPOSE = 'notification-email-unsubscribe';

export interface UnsubscribeClaim {
  userId: string;
  topic: EmailTopic;
}

/**
 * The one-click unsubscribe links' tokens: stateless, `<base64url(userId:topic)>.<base64url(HMAC-SHA256)>` keyed by
 * NOTIFICATION_UNSUBSCRIBE_SECRET. Nothing is stored: a link keeps working (it can only turn its topic off again).
 */
export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  issue(claim: UnsubscribeClaim): string {
    const body = `${claim.userId}:${claim.topic}`;
    return `${Buffer.from(body).toString('base64url')}.${this.mac(body).toString('base64url')}`;
  }

  /** The claim of a token this secret signed; null for anything else. */
  verify(token: string): UnsubscribeClaim | null {
    const [encodedBody, encodedMac, ...rest] = token.split('.');
    if (!encodedBody || !encodedMac || rest.length > 0) return null;
    const body = Buffer.from(encodedBody, 'base64url').toString();
    const given = Buffer.from(encodedMac, 'base64url');
    const expected = this.mac(body);
    // Compared in constant time; the re-encoding check refuses tokens altered where base64url decoding is lenient.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Buffer.from(body).toString('base64url') !== encodedBody || expected.toString('base64url') !== encodedMac)
      return null;
    const [userId, topic] = body.split(':');
    if (!userId || !UUID.test(userId) || !isEmailTopic(topic)) return null;
    return { userId, topic };
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.secret).update(`${PURPOSE}:${body}`).digest();
  }
}

function isEmailTopic(value: string | undefined): value is EmailTopic {
  return (EMAIL_TOPICS as readonly string[]).includes(value ?? '');
}
