import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';
import { TextEncoder as NodeTextEncoder } from 'node:util';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, getJson, sendEncrypted } from './api';
import { readBootstrap } from './bootstrap';
import { writeSession } from './session';

function answer(status: number, envelope: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(envelope), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  writeSession(null);
});

describe('refused calls', () => {
  test("carry the envelope's value, so forms reach per-field messages and the captcha flag", async () => {
    const fields = { username: ['This username is already taken.'] };
    answer(400, { success: false, code: 'invalid_fields', message: 'Please check the fields marked.', value: { fields, captcha: true } });
    const error = await getJson('/wps/member/register').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'invalid_fields', status: 400, serverMessage: 'Please check the fields marked.', value: { fields, captcha: true } });
  });

  test('without a value it is null, as for errors made here', async () => {
    answer(401, { success: false, code: 'not_logged_in', message: 'Please log in first.' });
    await expect(getJson('/wps/member/info')).rejects.toMatchObject({ code: 'not_logged_in', value: null });
    expect(new ApiError('network_abnormal', 0).value).toBeNull();
  });
});

describe('encrypted calls', () => {
  // Under jsdom, TextEncoder's arrays are of another realm than the Uint8Array jose checks against.
  class SameRealmTextEncoder extends NodeTextEncoder {
    encode(text?: string): Uint8Array<ArrayBuffer> {
      return new Uint8Array(super.encode(text));
    }
  }

  test("carry the sealed fields as application/jose and the headers given, before the stored session's token", async () => {
    vi.stubGlobal('TextEncoder', SameRealmTextEncoder);
    const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const bootstrap = readBootstrap();
    const brandKey = bootstrap.publicKey;
    bootstrap.publicKey = { ...(await exportJWK(publicKey)) };
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ success: true, code: null, message: null, value: { token: 'changed' } })));
    vi.stubGlobal('fetch', fetch);
    writeSession({ token: 'stored-token', isAgent: 4, username: 'player01' });
    try {
      const value = await sendEncrypted('/wps/member/password', { newPassword: 'NewPass1' }, 'POST', { Authorization: 'Bearer held-token' });
      expect(value).toEqual({ token: 'changed' });
    } finally {
      bootstrap.publicKey = brandKey;
    }
    const init = fetch.mock.calls[0][1];
    const headers = new Headers(init.headers);
    expect(headers.get('Content-Type')).toBe('application/jose');
    expect(headers.get('Authorization')).toBe('Bearer held-token');
    const opened = JSON.parse(new TextDecoder().decode((await compactDecrypt(String(init.body), privateKey)).plaintext));
    expect(opened).toMatchObject({ newPassword: 'NewPass1' });
  });
});
