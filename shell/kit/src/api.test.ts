import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, getJson } from './api';

function answer(status: number, envelope: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(envelope), { status }));
}

afterEach(() => vi.unstubAllGlobals());

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
