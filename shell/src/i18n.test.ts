import { describe, expect, test } from 'vitest';
import { changeLanguage, initialLanguage } from './i18n';
import { TEST_BOOTSTRAP } from '../test/fixtures';

describe('language', () => {
  test('a choice is stored, the previous one kept as history, and the server told by cookie', async () => {
    await changeLanguage('bn');
    expect(document.documentElement.lang).toBe('bn');
    expect(window.localStorage.getItem('lang')).toBe('bn');
    expect(window.localStorage.getItem('hisLang')).toBe('en');
    expect(document.cookie).toContain('lang=bn');
  });

  test('the stored choice wins over the brand default when the site offers it', () => {
    expect(initialLanguage(TEST_BOOTSTRAP)).toBe('en');
    window.localStorage.setItem('lang', 'fil');
    expect(initialLanguage(TEST_BOOTSTRAP)).toBe('fil');
    window.localStorage.setItem('lang', 'xx');
    expect(initialLanguage(TEST_BOOTSTRAP)).toBe('en');
  });
});
