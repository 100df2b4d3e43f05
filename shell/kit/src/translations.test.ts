import i18next from 'i18next';
import { afterEach, describe, expect, test } from 'vitest';
import { addPageTranslations } from './comingSoon';
import { addTranslations } from './translations';

afterEach(() => {
  for (const language of ['en', 'bn']) {
    i18next.removeResourceBundle(language, 'kitTest');
    i18next.removeResourceBundle(language, 'kitPages');
  }
});

describe('addTranslations', () => {
  test('texts added once i18next has started are there at once, per language', () => {
    addTranslations('kitTest', { en: { hello: 'Hello' }, bn: { hello: 'হ্যালো' } });
    expect(i18next.t('hello', { ns: 'kitTest' })).toBe('Hello');
    expect(i18next.t('hello', { ns: 'kitTest', lng: 'bn' })).toBe('হ্যালো');
  });

  test('texts added before i18next has started wait for it, and are added once', () => {
    i18next.isInitialized = false;
    try {
      addTranslations('kitTest', { en: { hello: 'Hello' } });
      expect(i18next.hasResourceBundle('en', 'kitTest')).toBe(false);
    } finally {
      i18next.isInitialized = true;
    }
    i18next.emit('initialized', i18next.options);
    expect(i18next.t('hello', { ns: 'kitTest' })).toBe('Hello');
    i18next.removeResourceBundle('en', 'kitTest');
    i18next.emit('initialized', i18next.options);
    expect(i18next.hasResourceBundle('en', 'kitTest')).toBe(false);
  });

  test("a remote's page titles come with the coming-soon texts", () => {
    addPageTranslations('kitPages', { en: { rewards: 'Rewards' } });
    expect(i18next.t('rewards', { ns: 'kitPages' })).toBe('Rewards');
    expect(i18next.t('coming_soon', { ns: 'kitPages' })).toBe('Coming soon');
  });
});
