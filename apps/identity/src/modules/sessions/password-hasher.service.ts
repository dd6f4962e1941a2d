import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** argon2id with OWASP's minimum (19 MiB, t=2, p=1); verification accepts hashes made with other parameters. */
@Injectable()
export class PasswordHasher {
  private static readonly options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
  /** Verified against when the account does not exist, so a miss costs the same time as a wrong password. */
  private readonly decoy = argon2.hash('decoy-password-for-timing', PasswordHasher.options);

  hash(password: string): Promise<string> {
    return argon2.hash(password, PasswordHasher.options);
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.decoy), password);
    } catch {
      return false;
    }
  }
}
