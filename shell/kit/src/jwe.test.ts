import { compactDecrypt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { TextEncoder as NodeTextEncoder } from 'node:util';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { encryptPayload } from './jwe';

// Under jsdom, TextEncoder's arrays are of another realm than the Uint8Array jose checks against.
class SameRealmTextEncoder extends NodeTextEncoder {
  encode(text?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(super.encode(text));
  }
}

beforeAll(() => {
  vi.stubGlobal('TextEncoder', SameRealmTextEncoder);
});

describe('encryptPayload', () => {
  test('makes a JWE the brand key opens, with iat and a unique jti beside the fields', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'brand-key-1' };
    const before = Math.floor(Date.now() / 1000);
    const first = await encryptPayload({ username: 'player01', password: 'secret' }, jwk);
    const second = await encryptPayload({ username: 'player01', password: 'secret' }, jwk);

    expect(first.split('.')).toHaveLength(5);
    expect(decodeProtectedHeader(first)).toEqual({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'brand-key-1' });
    const opened = JSON.parse(new TextDecoder().decode((await compactDecrypt(first, privateKey)).plaintext));
    const other = JSON.parse(new TextDecoder().decode((await compactDecrypt(second, privateKey)).plaintext));
    expect(opened).toMatchObject({ username: 'player01', password: 'secret' });
    expect(Number.isInteger(opened.iat)).toBe(true);
    expect(opened.iat - before).toBeGreaterThanOrEqual(0);
    expect(opened.iat - before).toBeLessThanOrEqual(1);
    expect(typeof opened.jti).toBe('string');
    expect(opened.jti).not.toBe(other.jti);
  });

  test('refuses without a public key', async () => {
    await expect(encryptPayload({}, null)).rejects.toThrow('public_key_missing');
  });
});
