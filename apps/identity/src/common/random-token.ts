import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe: session tokens and password reset tokens. */
export function newRandomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a token, so a database leak yields no usable token. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
