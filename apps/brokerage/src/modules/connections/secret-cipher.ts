import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BrokerageConfig } from '../../config/brokerage.config';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Provider user secrets at rest: AES-256-GCM with a random IV per value, bound to its owner by the
 * additional authenticated data, so a ciphertext copied onto another user's row does not decrypt.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); the version leaves room for key rotation.
 */
@Injectable()
export class SecretCipher {
  private readonly key: Buffer;

  constructor(@Inject(BrokerageConfig) config: BrokerageConfig) {
    this.key = config.secretsEncryptionKey;
    if (this.key.length !== 32) throw new Error('SECRETS_ENCRYPTION_KEY must decode to 32 bytes');
  }

  encrypt(plaintext: string, owner: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(owner));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string, owner: string): string {
    const [version, iv, tag, ciphertext] = stored.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Unreadable secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(owner));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
