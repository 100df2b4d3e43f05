import type { JWK } from 'jose';
import { readBootstrap } from './bootstrap';

/** The only algorithms the server accepts for "E" calls (SPEC §7). */
const ALGORITHM = 'RSA-OAEP-256';
const ENCRYPTION = 'A256GCM';

/**
 * ``fields`` as a JWE (compact serialization) for the brand's public key, with the issue time
 * (iat, Unix seconds) and a unique id (jti) the server checks against replays.
 */
export async function encryptPayload(fields: Record<string, unknown>, jwk = readBootstrap().publicKey): Promise<string> {
  if (!jwk) throw new Error('public_key_missing');
  // Loaded when a payload is first sealed (a login), not with the page.
  const { CompactEncrypt, importJWK } = await import('jose');
  const key = await importJWK(jwk as JWK, ALGORITHM);
  const plaintext = { ...fields, iat: Math.floor(Date.now() / 1000), jti: crypto.randomUUID() };
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(plaintext)))
    .setProtectedHeader({ alg: ALGORITHM, enc: ENCRYPTION, kid: jwk.kid as string | undefined })
    .encrypt(key);
}
