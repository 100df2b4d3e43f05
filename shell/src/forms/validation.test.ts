import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import type { FieldSetting } from './settings';
import { validateField, validateFields, validateTerms } from './validation';
import serverPatterns from '../../../platform/tessera/tenancy/patterns.py?raw';
import { catalogueOf } from '../../test/catalogues';

const t = i18next.t.bind(i18next);

/** The server's patterns (platform/tessera/tenancy/patterns.py), as the settings call sends them. */
const SERVER_PATTERNS: Record<string, string> = Object.fromEntries(
  Array.from(
    serverPatterns.matchAll(/Pattern\("(\w+)", (?:r"([^"]*)"|ANY)\)/g),
    ([, id, regex]) => [id, regex ?? '*'],
  ),
);

/** A value each pattern accepts and one it refuses, all 2 to 20 characters long. */
const CASES: Record<string, [string, string]> = {
  any: ['any thing!', ''.padEnd(21, 'x')],
  letterFirstAlnum: ['abc123', '1abc23'],
  chineseDigits: ['中文12', 'abc'],
  email: ['a@b.co', 'a@b'],
  lettersOrDigits: ['abc1', 'ab_c'],
  lettersAndDigits: ['abc123', 'abcdef'],
  digits: ['12345', '12a45'],
  uppercaseRequired: ['abCde', 'abcde'],
  englishSpaces: ['ab cd', 'ab1cd'],
  noSpaces: ['ab!cd', 'ab cd'],
  chinesePunctuation: ['中文，。', '中文a'],
  dateYmd: ['2024-01-31', '2024-13-01'],
  dateMdy: ['01-31-2024', '2024-01-31'],
  korean: ['한국어', 'abc'],
  thai: ['ภาษาไทย', 'abc'],
  thaiEnglish: ['ไทยabc', 'ไทย1'],
  uppercaseSpaces: ['AB CD', 'Ab CD'],
  lettersDigitsSymbols: ['a1!~', 'a1 b'],
  strongPassword: ['Ab1!x', 'Ab1xx'],
  fullName: ['John Smith', 'John'],
  fullWidthJapanese: ['ひらがなカタカナ', 'abc'],
  uppercaseOnly: ['ABC', 'ABc'],
};

function setting(patternId: string, overrides: Partial<FieldSetting> = {}): FieldSetting {
  return { enabled: true, required: true, acceptedPattern: SERVER_PATTERNS[patternId], patternId, minLength: 2, maxLength: 20, ...overrides };
}

describe('register field patterns', () => {
  test('every pattern of the server has a case and a message in both languages', () => {
    expect(Object.keys(SERVER_PATTERNS).sort()).toEqual(Object.keys(CASES).sort());
    for (const id of Object.keys(CASES)) {
      for (const language of ['en', 'bn']) {
        const messages = catalogueOf(language).errors as Record<string, string>;
        expect(messages[`pattern_${id}`], id).toBeTruthy();
        expect(messages[`pattern_${id}_exact`], id).toBeTruthy();
      }
    }
  });

  test("the forms read the server's messages, in both languages", () => {
    for (const lng of ['en', 'bn']) {
      const server = catalogueOf(lng).errors as Record<string, string>;
      expect(i18next.t('field_required', { ns: 'forms', lng })).toBe(server.field_required);
      expect(i18next.t('pattern_digits', { ns: 'forms', lng, min: 2, max: 9 })).toBe(
        server.pattern_digits.replace('{{min}}', '2').replace('{{max}}', '9'),
      );
    }
  });

  test.each(Object.entries(CASES))('%s accepts its value and refuses the other with its message', (id, [good, bad]) => {
    expect(validateField('field', good, setting(id), t)).toBeNull();
    expect(validateField('field', bad, setting(id), t)).toBe(t(`pattern_${id}`, { ns: 'forms', min: 2, max: 20 }));
  });

  test('the message names the lengths, and the single length when min equals max', () => {
    expect(validateField('username', 'abc', setting('letterFirstAlnum', { minLength: 6, maxLength: 16 }), t)).toBe(
      'Please enter 6 - 16 characters: a letter first, then letters and digits',
    );
    expect(validateField('paymentPassword', '12345', setting('digits', { minLength: 6, maxLength: 6 }), t)).toBe('Please enter 6 characters: digits only');
    expect(validateField('paymentPassword', '123456', setting('digits', { minLength: 6, maxLength: 6 }), t)).toBeNull();
  });

  test('too short and too long are refused even when the pattern fits', () => {
    const digits = setting('digits', { minLength: 3, maxLength: 5 });
    expect(validateField('mobileNum', '12', digits, t)).toBe('Please enter 3 - 5 characters: digits only');
    expect(validateField('mobileNum', '123456', digits, t)).toBe('Please enter 3 - 5 characters: digits only');
    expect(validateField('mobileNum', '123', digits, t)).toBeNull();
  });

  test('lengths count characters as the server does, not UTF-16 units', () => {
    expect(validateField('line', '😀😀', setting('any', { minLength: 2, maxLength: 2 }), t)).toBeNull();
  });

  test('* matches anything, within the lengths', () => {
    const anything = setting('custom', { acceptedPattern: '*', minLength: 1, maxLength: 64 });
    expect(validateField('qqNum', '*&^ 漢字\t!', anything, t)).toBeNull();
    expect(validateField('qqNum', 'x'.repeat(65), anything, t)).toBe('Please enter 1 - 64 characters');
  });

  test("a brand's own pattern must fit the whole value", () => {
    const own = setting('custom', { acceptedPattern: '[a-c]+', minLength: 1, maxLength: 10 });
    expect(validateField('wechat', 'abc', own, t)).toBeNull();
    expect(validateField('wechat', 'abcd', own, t)).toBe('Please enter 1 - 10 characters');
  });

  test('the Bengali message has the lengths too', async () => {
    await i18next.changeLanguage('bn');
    expect(validateField('paymentPassword', '1', setting('digits', { minLength: 6, maxLength: 6 }), t)).toBe('অনুগ্রহ করে 6 অক্ষর লিখুন: শুধু সংখ্যা');
  });
});

describe('required and optional', () => {
  test('a required field is refused empty or blank; the value is checked trimmed', () => {
    expect(validateField('username', '   ', setting('lettersOrDigits'), t)).toBe('Required');
    expect(validateField('username', '  abc1  ', setting('lettersOrDigits'), t)).toBeNull();
  });

  test('an optional field may stay empty but is checked when filled', () => {
    const email = setting('email', { required: false, minLength: 5, maxLength: 64 });
    expect(validateField('email', '', email, t)).toBeNull();
    expect(validateField('email', 'nope', email, t)).toBe('Please enter 5 - 64 characters: an email address');
  });

  test('a field without a setting is only required', () => {
    expect(validateField('newPassword', '', undefined, t)).toBe('Required');
    expect(validateField('newPassword', 'x', undefined, t)).toBeNull();
  });

  test('a verification code is at most 255 characters whatever the setting says', () => {
    const loose = setting('any', { minLength: 1, maxLength: 1000 });
    expect(validateField('verificationCode', 'x'.repeat(255), loose, t)).toBeNull();
    expect(validateField('verificationCode', 'x'.repeat(256), loose, t)).toBe('Please enter at most 255 characters');
  });
});

describe('whole forms', () => {
  const settings = { username: setting('letterFirstAlnum', { minLength: 6, maxLength: 16 }), password: setting('lettersAndDigits', { minLength: 6, maxLength: 20 }) };

  test('the confirmation must repeat the password, and is checked by its pattern', () => {
    expect(validateFields({ password: 'abc123', confirmPassword: 'abc124' }, settings, t)).toEqual({ confirmPassword: 'Incorrect confirmation input' });
    expect(validateFields({ password: 'abc123', confirmPassword: 'abc123' }, settings, t)).toEqual({});
    expect(validateFields({ password: 'abc123', confirmPassword: '' }, settings, t)).toEqual({ confirmPassword: 'Required' });
    expect(validateFields({ newPassword: 'abc123', confirmNewPassword: 'abc' }, {}, t)).toEqual({ confirmNewPassword: 'Incorrect confirmation input' });
  });

  test('each field gets its first problem', () => {
    expect(validateFields({ username: '1bad', password: '' }, settings, t)).toEqual({
      username: 'Please enter 6 - 16 characters: a letter first, then letters and digits',
      password: 'Required',
    });
  });

  test("unticked terms give the product's message", () => {
    expect(validateTerms(false, t)).toBe('not empty?');
    expect(validateTerms(true, t)).toBeNull();
  });
});
