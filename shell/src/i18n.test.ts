import i18next from 'i18next';
import { describe, expect, test, vi } from 'vitest';
import { changeLanguage, initialLanguage } from './i18n';
import { TEST_BOOTSTRAP } from '../test/fixtures';
import { catalogueOf } from '../test/catalogues';

describe('language', () => {
  test('a choice is stored, the previous one kept as history, and the server told by cookie', async () => {
    await changeLanguage('bn');
    expect(document.documentElement.lang).toBe('bn');
    expect(window.localStorage.getItem('lang')).toBe('bn');
    expect(window.localStorage.getItem('hisLang')).toBe('en');
    expect(document.cookie).toContain('lang=bn');
  });

  test('?lang= wins, then the stored choice, then the language the server rendered, then the brand default', () => {
    const bootstrap = { ...TEST_BOOTSTRAP, language: 'bn' };
    expect(initialLanguage(bootstrap, '?lang=FIL')).toBe('fil');
    expect(initialLanguage(bootstrap, '?lang=xx')).toBe('bn');
    window.localStorage.setItem('lang', 'fil');
    expect(initialLanguage(bootstrap, '')).toBe('fil');
    expect(initialLanguage(bootstrap, '?lang=en')).toBe('en');
    window.localStorage.setItem('lang', 'xx');
    expect(initialLanguage(bootstrap, '')).toBe('bn');
    expect(initialLanguage({ ...TEST_BOOTSTRAP, language: undefined }, '')).toBe('en');
  });

  test("a language not in the page yet is fetched from the bootstrap's address, once", async () => {
    const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(catalogueOf('fil'))));
    const bootstrap = { ...TEST_BOOTSTRAP, catalogues: { fil: '/locales/fil.json?v=abc' } };
    await changeLanguage('fil', bootstrap);
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(String(fetched.mock.calls[0][0])).toBe('/locales/fil.json?v=abc');
    expect(i18next.t('header.login', { ns: 'frame' })).toBe((catalogueOf('fil').frame.header as Record<string, string>).login);
    await changeLanguage('en', bootstrap);
    await changeLanguage('fil', bootstrap);
    expect(fetched).toHaveBeenCalledTimes(1);
    i18next.removeResourceBundle('fil', 'frame');
  });

  test('a catalogue that cannot be fetched leaves the language as it was', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('', { status: 503 }));
    await expect(changeLanguage('ja', TEST_BOOTSTRAP)).rejects.toThrow('catalogue_unavailable:ja');
    expect(i18next.language).toBe('en');
  });
});
