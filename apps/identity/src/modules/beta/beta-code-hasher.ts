import { Inject, Injectable } from '@nestjs/common';
import { BetaRules } from '@copytrade/contracts';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { IdentityConfig } from '../../config/identity.config';

/**
 * Beta codes: 8 random digits from the CSPRNG, stored as an HMAC keyed by CODE_HASH_SECRET and bound to the
 * address (a code for one e-mail never matches another), compared in constant time.
 */
@Injectable()
export class BetaCodeHasher {
  constructor(@Inject(IdentityConfig) private readonly config: IdentityConfig) {}

  generate(): string {
    return String(randomInt(0, 10 ** BetaRules.codeLength)).padStart(BetaRules.codeLength, '0');
  }

  hash(email: string, code: string): string {
    return createHmac('sha256', this.config.codeHashSecret).update(`${email}\n${code}`).digest('hex');
  }

  matches(storedHash: string, email: string, candidate: string): boolean {
    const expected = Buffer.from(storedHash, 'hex');
    const actual = Buffer.from(this.hash(email, candidate), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
