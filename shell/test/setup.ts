// Every component test runs with the shell's i18next (English, with Bengali and Vietnamese at hand), a
// brand bootstrap in the page, empty storage and a clean DOM.
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { BOOTSTRAP_ELEMENT_ID } from '@tessera/kit';
import { preloadDeferred } from '../src/deferred';
import { addCatalogue, initI18n } from '../src/i18n';
import { catalogueOf } from './catalogues';
import { TEST_BOOTSTRAP } from './fixtures';

beforeAll(async () => {
  const element = document.createElement('script');
  element.id = BOOTSTRAP_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = JSON.stringify(TEST_BOOTSTRAP);
  document.head.appendChild(element);
  await initI18n('en', catalogueOf('en'));
  for (const language of ['bn', 'vi']) addCatalogue(language, catalogueOf(language));
  // The pages, modals and overlays the page fetches when first opened are here at once (after the
  // test file's mocks are in place), so a test sees them drawn as soon as they are opened.
  await preloadDeferred();
});

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});
