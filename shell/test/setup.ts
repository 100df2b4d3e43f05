// Every component test runs with the shell's i18next (English), a brand bootstrap in the page,
// empty storage and a clean DOM.
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { BOOTSTRAP_ELEMENT_ID } from '@tessera/kit';
import { initI18n } from '../src/i18n';
import { TEST_BOOTSTRAP } from './fixtures';

beforeAll(async () => {
  const element = document.createElement('script');
  element.id = BOOTSTRAP_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = JSON.stringify(TEST_BOOTSTRAP);
  document.head.appendChild(element);
  await initI18n('en');
});

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});
