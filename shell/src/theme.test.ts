import { describe, expect, test } from 'vitest';
import { applyTheme, initialTheme, saveTheme } from './theme';
import { TEST_BRAND } from '../test/fixtures';

describe('theme', () => {
  test('the brand default applies until a choice is stored', () => {
    expect(initialTheme({ ...TEST_BRAND, theme: 'dark' })).toBe('dark');
    saveTheme('light');
    expect(initialTheme({ ...TEST_BRAND, theme: 'dark' })).toBe('light');
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  test('applying sets the root attribute and classes', () => {
    applyTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.classList.contains('theme-dark')).toBe(true);
    applyTheme('light');
    expect(document.documentElement.classList.contains('theme-dark')).toBe(false);
  });
});
