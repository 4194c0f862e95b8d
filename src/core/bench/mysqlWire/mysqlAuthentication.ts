// Answers to the server's authentication challenge for the plugins a TiDB, MySQL or MariaDB
// server asks for by default: mysql_native_password and caching_sha2_password (also sha256_password
// over TLS). Others are refused with a clear error.
import { createHash, publicEncrypt, constants } from 'node:crypto';

export const NATIVE_PASSWORD = 'mysql_native_password';
export const CACHING_SHA2_PASSWORD = 'caching_sha2_password';
export const SHA256_PASSWORD = 'sha256_password';
export const CLEAR_PASSWORD = 'mysql_clear_password';

function hash(algorithm: 'sha1' | 'sha256', ...parts: Buffer[]): Buffer {
  const h = createHash(algorithm);
  for (const part of parts) h.update(part);
  return h.digest();
}

function xor(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] ^ b[i % b.length];
  return out;
}

/** SHA1(password) XOR SHA1(scramble + SHA1(SHA1(password))) */
export function nativePasswordResponse(password: string, scramble: Buffer): Buffer {
  if (password === '') return Buffer.alloc(0);
  const stage1 = hash('sha1', Buffer.from(password, 'utf8'));
  const stage2 = hash('sha1', stage1);
  return xor(stage1, hash('sha1', scramble, stage2));
}

/** SHA256(password) XOR SHA256(SHA256(SHA256(password)) + scramble) */
export function cachingSha2Response(password: string, scramble: Buffer): Buffer {
  if (password === '') return Buffer.alloc(0);
  const stage1 = hash('sha256', Buffer.from(password, 'utf8'));
  const stage2 = hash('sha256', stage1);
  return xor(stage1, hash('sha256', stage2, scramble));
}

/** The password, NUL-terminated, as sent in clear over TLS (full caching_sha2 / sha256 authentication). */
export function clearPasswordResponse(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, 'utf8'), Buffer.from([0])]);
}

/** The password encrypted with the server's RSA public key (full authentication without TLS). */
export function rsaPasswordResponse(password: string, scramble: Buffer, publicKeyPem: string): Buffer {
  const plain = xor(clearPasswordResponse(password), scramble);
  return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING }, plain);
}

export function initialAuthResponse(plugin: string, password: string, scramble: Buffer, secure: boolean): Buffer | undefined {
  switch (plugin) {
    case NATIVE_PASSWORD:
      return nativePasswordResponse(password, scramble);
    case CACHING_SHA2_PASSWORD:
      return cachingSha2Response(password, scramble);
    case SHA256_PASSWORD:
      // over TLS the password goes in clear; otherwise ask for the public key (0x01)
      return secure ? clearPasswordResponse(password) : password === '' ? Buffer.alloc(0) : Buffer.from([0x01]);
    case CLEAR_PASSWORD:
      return secure ? clearPasswordResponse(password) : undefined;
    default:
      return undefined;
  }
}
